import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import type { ChatRequest } from "../../core/ports.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createWorldBenchmark } from "./benchmark.ts";
import { toolSpec } from "./tools.ts";

const bench = createWorldBenchmark({ seed: 5, families: 3, tasksPerFamily: 2 });
const task = bench.tasks()[0];
const wt = bench.worldTask(task.id)!;

function correctCalls(): { tool: string; args: Record<string, unknown> }[] {
  return wt.procedure.map((s) => {
    const args: Record<string, unknown> = {};
    for (const a of toolSpec(s.tool).args) {
      if (a.kind === "entity") args[a.name] = wt.entities[a.entity];
      else if (a.kind === "choice") args[a.name] = s.choices[a.name];
      else if (s.flags.includes(a.name)) args[a.name] = true;
    }
    return { tool: s.tool, args };
  });
}

Deno.test("the model agent plays through JSON calls validated by zod", async () => {
  const model = new ScriptedModel({ replies: correctCalls() });
  const provider = new CannedProvider({ begin: () => ({ text: "remember the portal" }) });
  const r = await bench.runTask(task, provider, {
    clock: logicalClock(),
    rng: createRng(1),
    model,
  });
  assert.equal(r.success, true);
  assert.equal(r.steps, wt.procedure.length);
  assert.equal(model.calls.length, wt.procedure.length);
  const first = model.calls[0] as ChatRequest;
  assert.equal(first.schemaName, "world_action");
  assert.match(
    first.messages[0].content,
    /"name":"export_report"|"name":"send_notification"|"name":"archive_bundle"|"name":"close_ticket"/,
  );
  assert.match(
    first.messages[1].content,
    /Memory guidance from past tasks[\s\S]*remember the portal/,
  );
  assert.equal(model.calls[1].messages.at(-1)!.role, "user");
  assert.match(model.calls[1].messages.at(-1)!.content, /^Observation: ok: /);
  assert.ok(r.tokens.task.prompt > 0 && r.tokens.task.completion > 0);
  assert.equal(r.memory_tokens, Math.ceil("remember the portal".length / 4) * wt.procedure.length);
  assert.equal(provider.calls.end[0].trajectory.steps.length, wt.procedure.length);
});

Deno.test("after the first error the model gets one refresh appended to the observation", async () => {
  const calls = correctCalls();
  const model = new ScriptedModel({ replies: [calls.at(-1)!, ...calls] });
  const provider = new CannedProvider({ refresh: () => ({ text: "do the steps in order" }) });
  const r = await bench.runTask(task, provider, {
    clock: logicalClock(),
    rng: createRng(1),
    model,
  });
  assert.equal(r.success, true);
  assert.equal(provider.calls.refresh.length, 1);
  assert.match(
    model.calls[1].messages.at(-1)!.content,
    /^Observation: error\([\s\S]*Memory refresh[\s\S]*do the steps in order/,
  );
});

Deno.test("give_up ends the episode; a malformed reply is reported as a model error", async () => {
  const quit = new ScriptedModel({ replies: [{ tool: "give_up", args: {} }] });
  const r1 = await bench.runTask(task, new CannedProvider(), {
    clock: logicalClock(),
    rng: createRng(1),
    model: quit,
  });
  assert.equal(r1.steps, 0);
  assert.equal(r1.success, false);
  assert.equal(r1.error, undefined);
  const broken = new ScriptedModel({ replies: ['{"args": {}}'] });
  const r2 = await bench.runTask(task, new CannedProvider(), {
    clock: logicalClock(),
    rng: createRng(1),
    model: broken,
  });
  assert.match(r2.error!, /^model failed: /);
  assert.equal(r2.score, 0);
});
