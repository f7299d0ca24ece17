import assert from "node:assert/strict";
import { createRng } from "../../core/rng.ts";
import { WorldEpisode } from "./environment.ts";
import type { WorldTask } from "./generator.ts";
import { readMemory } from "./knowledge.ts";
import { ScriptedPolicy, textMentions } from "./policy.ts";

const task: WorldTask = {
  id: "p",
  row: 0,
  family: "f00",
  cluster: 0,
  level: 2,
  text:
    "Please export the invoice summary for Globex. First convert the file, then sign the payload.",
  entities: { customer: "Globex" },
  procedure: [
    { tool: "authenticate", choices: { realm: "sandbox_realm" }, flags: [] },
    { tool: "sign_payload", choices: { key: "vault_key" }, flags: [] },
    { tool: "convert_format", choices: { format: "json_file" }, flags: [] },
    { tool: "export_report", choices: { destination: "object_bucket" }, flags: [] },
  ],
  drifted: false,
  budget: 14,
  variant: "x",
};

function play(policy: ScriptedPolicy, t: WorldTask) {
  const ep = new WorldEpisode(t);
  const calls: string[] = [];
  while (!ep.done && ep.calls < t.budget) {
    const call = policy.next();
    if (!call) break;
    calls.push(call.tool);
    policy.observe(call, ep.step(call));
  }
  return { ep, calls };
}

Deno.test("text mentions are found by phrase, longest first, in text order", () => {
  assert.deepEqual(textMentions(task.text), ["export_report", "convert_format", "sign_payload"]);
  assert.deepEqual(textMentions("Please sign in and then sign the payload."), [
    "authenticate",
    "sign_payload",
  ]);
});

Deno.test("without memory the agent plans from the text and repairs by errors", () => {
  const policy = new ScriptedPolicy(task.text, createRng("a"));
  assert.equal(policy.goal, "export_report");
  assert.deepEqual(policy.agenda.map((c) => c.tool), [
    "convert_format",
    "sign_payload",
    "export_report",
  ]);
  const { ep, calls } = play(policy, task);
  assert.ok(ep.done, "the task is solvable by exploration within its budget");
  assert.equal(calls[0], "convert_format");
  assert.ok(ep.calls > task.procedure.length, "exploration costs extra calls");
});

Deno.test("a tip reorders the plan before the first call", () => {
  const policy = new ScriptedPolicy(task.text, createRng("a"));
  policy.absorb(
    readMemory([{
      type: "tip",
      text: "Do sign_payload before convert_format, because it failed otherwise.",
    }]),
  );
  assert.deepEqual(policy.agenda.map((c) => c.tool), [
    "sign_payload",
    "convert_format",
    "export_report",
  ]);
});

Deno.test("a matching workflow is followed exactly, adapting entities", () => {
  const policy = new ScriptedPolicy(task.text, createRng("a"));
  const seq = policy.absorb(readMemory([{
    id: "w",
    type: "workflow",
    text:
      "authenticate[sandbox_realm] sign_payload[vault_key] convert_format[json_file] export_report[Initech, object_bucket]",
  }]));
  assert.equal(seq?.id, "w");
  const { ep, calls } = play(policy, task);
  assert.ok(ep.done);
  assert.equal(ep.calls, 4);
  assert.deepEqual(calls, task.procedure.map((s) => s.tool));
});

Deno.test("a workflow ending in another goal is ignored", () => {
  const policy = new ScriptedPolicy(task.text, createRng("a"));
  const seq = policy.absorb(
    readMemory([{ type: "workflow", text: "authenticate[prod_realm] archive_bundle[long_term]" }]),
  );
  assert.equal(seq, null);
  assert.equal(policy.followed, null);
});

Deno.test("an insight's flag is set on the first call", () => {
  const trapped: WorldTask = {
    ...task,
    level: 3,
    procedure: [
      { tool: "authenticate", choices: { realm: "sandbox_realm" }, flags: ["mfa"] },
      ...task.procedure.slice(1),
    ],
  };
  const plain = new ScriptedPolicy(task.text, createRng("a"));
  plain.absorb(
    readMemory([{ type: "workflow", text: "authenticate[sandbox_realm] sign_payload[vault_key]" }]),
  );
  assert.equal(plain.next()!.args.mfa, undefined);
  const warned = new ScriptedPolicy(task.text, createRng("a"));
  warned.absorb(readMemory([
    { type: "workflow", text: "authenticate[sandbox_realm] sign_payload[vault_key]" },
    {
      type: "insight",
      text:
        'Root cause: "error(missing_flag): authenticate: level-3 requests need a second factor; set mfa=true"',
    },
  ]));
  assert.equal(warned.next()!.args.mfa, true);
  assert.ok(play(warned, trapped).ep.done);
});

Deno.test("value guesses skip rejected values and are seeded by the task", () => {
  const a = new ScriptedPolicy(task.text, createRng("seed-1"));
  const b = new ScriptedPolicy(task.text, createRng("seed-1"));
  assert.deepEqual(a.next(), b.next());
  const t2: WorldTask = {
    ...task,
    procedure: [
      { tool: "convert_format", choices: { format: "json_file" }, flags: [] },
      task.procedure[3],
    ],
  };
  const p = new ScriptedPolicy(task.text, createRng("seed-1"));
  const ep = new WorldEpisode(t2);
  const seen: unknown[] = [];
  for (let i = 0; i < 3 && ep.completed === 0; i++) {
    const call = p.next()!;
    seen.push(call.args.format);
    p.observe(call, ep.step(call));
  }
  assert.equal(new Set(seen).size, seen.length, "no value is tried twice");
  assert.equal(ep.completed, 1);
});
