import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { DeferredFailures } from "./deferred_failures.ts";
import { correctedContent, reflectionCorrection } from "./reflection_correction.ts";
import { makeUnit, MemoryStoreDouble, opContext, runOp } from "./testing/mod.ts";

const failed = {
  succeeded: false,
  used_unit_ids: ["a", "b", "c"],
  task_query: "Find X",
  failure_context: "wrong year",
};

async function fixture(kind: "json" | "graph" = "json") {
  const store = new MemoryStoreDouble({ kind });
  await store.add([
    makeUnit("a", {
      content: { principle: "Use the first result", topic: "search" },
      use_when: ["searching"],
      confidence: 0.7,
    }),
    makeUnit("b", { content: { principle: "Prefer archives", topic: "sources" } }),
    makeUnit("c", { content: { principle: "Keep", topic: "k" } }),
  ]);
  return store;
}

Deno.test("correctedContent keeps only existing keys of the same kind and never blanks", () => {
  const u = makeUnit("u", { content: { principle: "p", tags: ["a"] } });
  assert.deepEqual(correctedContent(u, { principle: "q", extra: "x", tags: "no" }), {
    principle: "q",
    tags: ["a"],
  });
  assert.equal(correctedContent(u, {}), undefined);
  assert.equal(correctedContent(u, { principle: "", tags: [] }), undefined);
  assert.equal(correctedContent(u, { principle: "p" }), undefined);
});

Deno.test("reflection_correction is skipped offline and after success, with a reason", async () => {
  const store = await fixture();
  assert.equal(
    (await runOp(reflectionCorrection, opContext(store, { task: failed }))).skipped_reason,
    "offline: reflection needs a model",
  );
  const model = new ScriptedModel();
  const ok = await runOp(
    reflectionCorrection,
    opContext(store, { task: { ...failed, succeeded: true }, model }),
  );
  assert.equal(ok.skipped_reason, "task did not fail");
  assert.equal(model.calls.length, 0);
});

Deno.test("reflection_correction applies UPDATE in place and REPLACE as a superseding unit", async () => {
  const store = await fixture("graph");
  const model = new ScriptedModel({
    replies: [{
      corrections: [
        {
          id: "a",
          action: "UPDATE",
          new_content: { principle: "Check several results", invented: "x" },
        },
        { id: "b", action: "REPLACE", new_content: { principle: "Prefer primary sources" } },
        { id: "c", action: "KEEP" },
        { id: "zz", action: "UPDATE", new_content: { principle: "ghost" } },
      ],
    }],
  });
  const out = await runOp(reflectionCorrection, opContext(store, { task: failed, model }), {
    max_units: 3,
  });
  assert.deepEqual(out, { triggered: true, affected: 1, created: 1, deactivated: 1 });
  const prompt = model.calls[0].messages[0].content;
  assert.match(prompt, /wrong year/);
  assert.ok(prompt.includes("- id: a\n  type: tip\n  keys: principle, topic"));
  const a = (await store.get("a"))!;
  assert.deepEqual(a.content, { principle: "Check several results", topic: "search" });
  assert.equal(a.embedding?.length, 8, "re-embedded");
  const b = (await store.get("b"))!;
  assert.equal(b.is_active, false);
  const fresh = (await store.get(b.superseded_by!))!;
  assert.deepEqual(fresh.content, { principle: "Prefer primary sources", topic: "sources" });
  assert.equal(fresh.source_task_id, "task-b");
  assert.deepEqual(fresh.relations.map((r) => `${r.relation_type}:${r.target_id}`), [
    "supersedes:b",
  ]);
  assert.deepEqual(
    (await store.graph!.listEdges(["SUPERSEDES"])).map((e) => `${e.source}>${e.target}`),
    [`m:${fresh.id}>m:b`],
  );
});

Deno.test("reflection_correction records a malformed reply as an error and changes nothing", async () => {
  const store = await fixture();
  const model = new ScriptedModel({ replies: ['{"corrections": [{"id": "a", "action": "FIX"}]}'] });
  const out = await runOp(reflectionCorrection, opContext(store, { task: failed, model }));
  assert.equal(out.triggered, false);
  assert.match(out.error!, /^schema: /);
  assert.equal((await store.get("a"))!.content.principle, "Use the first result");
});

Deno.test("reflection_correction rejects a correction that breaks the type's content schema", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("a", {
      type: "insight",
      content: { root_cause_conclusion: "cause", corrective_strategy: "fix", leakage_risk: "low" },
    }),
  ]);
  const model = new ScriptedModel({
    replies: [{
      corrections: [{ id: "a", action: "UPDATE", new_content: { leakage_risk: "extreme" } }],
    }],
  });
  const out = await runOp(
    reflectionCorrection,
    opContext(store, { task: { ...failed, used_unit_ids: ["a"] }, model }),
  );
  assert.equal(out.affected, 0);
  assert.match(out.error!, /1 correction\(s\) rejected as invalid content: a: leakage_risk: /);
  assert.equal((await store.get("a"))!.content.leakage_risk, "low");
});

Deno.test("reflection_correction queues failures and reviews a full batch in one call", async () => {
  const store = await fixture();
  const deferredFailures = new DeferredFailures();
  const model = new ScriptedModel({ replies: [{ corrections: [{ id: "c", action: "KEEP" }] }] });
  const first = await runOp(
    reflectionCorrection,
    opContext(store, {
      task: { ...failed, task_id: "t1", used_unit_ids: ["a"] },
      model,
      deferredFailures,
    }),
    { batch_failures: 2 },
  );
  assert.equal(first.skipped_reason, "deferred: 1 of 2 failed tasks queued for review");
  assert.equal(model.calls.length, 0);
  const second = await runOp(
    reflectionCorrection,
    opContext(store, {
      task: {
        ...failed,
        task_id: "t2",
        task_query: "Find Y",
        failure_context: "wrong city",
        used_unit_ids: ["c", "a"],
      },
      model,
      deferredFailures,
    }),
    { batch_failures: 2, max_units: 1 },
  );
  assert.deepEqual(second, { triggered: true, affected: 0, created: 0, deactivated: 0 });
  assert.equal(model.calls.length, 1);
  const prompt = model.calls[0].messages[0].content;
  assert.ok(
    prompt.includes("1. Task: Find X\n   What went wrong: wrong year\n   Items used: a\n"),
  );
  assert.ok(
    prompt.includes("2. Task: Find Y\n   What went wrong: wrong city\n   Items used: c, a\n"),
  );
  // max_units 1: only a, used in both failures, is reviewed.
  assert.ok(prompt.includes("- id: a\n"));
  assert.ok(!prompt.includes("- id: c\n"));
  assert.equal(deferredFailures.notes.length, 0);
});

Deno.test("reflection_correction queues nothing offline or after a success", async () => {
  const store = await fixture();
  const deferredFailures = new DeferredFailures();
  await runOp(reflectionCorrection, opContext(store, { task: failed, deferredFailures }));
  await runOp(
    reflectionCorrection,
    opContext(store, {
      task: { ...failed, succeeded: true },
      model: new ScriptedModel(),
      deferredFailures,
    }),
  );
  assert.equal(deferredFailures.notes.length, 0);
});
