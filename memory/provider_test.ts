import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { TaskContext, Trajectory } from "../core/trajectory.ts";
import { MemoryUnitSchema, unitSignature } from "../core/unit.ts";
import { createRetriever } from "../retrieval/create_retriever.ts";
import { MemoryStoreDouble } from "../retrieval/testing/memory_store_double.ts";
import type { Encoder } from "./encoder_port.ts";
import type { ManagementPipeline, PostTaskContext } from "./manage_port.ts";
import { sequentialIds } from "./ids.ts";
import { PlanMemoryProvider, ProviderClosedError } from "./provider.ts";
import type { OpRunRecord } from "./provider_port.ts";
import { simplePlan } from "./testing/fixtures.ts";

/** One tip per observed step: enough structure to exercise the lifecycle without real encoders. */
const stepEncoder: Encoder = (input, deps) => {
  const units = input.trajectory.steps.filter((s) => s.observation || s.text).map((s) => {
    const content = { principle: `${s.tool ?? s.speaker ?? "note"}: ${s.observation ?? s.text}` };
    return MemoryUnitSchema.parse({
      id: deps.newId(),
      type: "tip",
      signature: unitSignature(content),
      content,
      source_task_id: input.task.id,
      source_task_query: input.task.text,
      task_outcome: input.outcome ? (input.outcome.success ? "success" : "failure") : "",
      source_refs: [s.ref],
      created_at: new Date(deps.clock.now()).toISOString(),
    });
  });
  return Promise.resolve({
    units,
    perType: [{ type: "tip", units: units.length, mode: "offline" }],
    failures: [],
  });
};

class RecordingManagement implements ManagementPipeline {
  inserted: string[][] = [];
  postTasks: PostTaskContext[] = [];
  failPostTask = false;
  get taskCount() {
    return this.postTasks.length;
  }
  onInsert(units: readonly { id: string }[]): Promise<OpRunRecord[]> {
    this.inserted.push(units.map((u) => u.id));
    return Promise.resolve([record("signature_dedup", "on_insert")]);
  }
  postTask(ctx: PostTaskContext): Promise<OpRunRecord[]> {
    if (this.failPostTask) return Promise.reject(new Error("pipeline exploded"));
    this.postTasks.push(ctx);
    return Promise.resolve([record("access_stats_update", "post_task")]);
  }
  runPeriodic(): Promise<OpRunRecord[]> {
    return Promise.resolve([]);
  }
}

function record(op: string, trigger: OpRunRecord["trigger"]): OpRunRecord {
  return { op, trigger, triggered: true, affected: 0, created: 0, deactivated: 0 };
}

function traj(task: TaskContext, observations: string[]): Trajectory {
  return {
    task_id: task.id,
    query: task.text,
    steps: observations.map((o, i) => ({
      ref: `step:${i}`,
      kind: "action" as const,
      tool: "search",
      args: { query: task.text },
      observation: o,
    })),
  };
}

function setup(opts: { encoder?: Encoder } = {}) {
  const plan = simplePlan("/nonexistent", 64);
  const store = new MemoryStoreDouble();
  const embedder = new HashEmbedder(64);
  const management = new RecordingManagement();
  const provider = new PlanMemoryProvider({
    plan,
    store,
    retriever: createRetriever(plan.retrieve, { store, embedder }),
    encoder: opts.encoder ?? stepEncoder,
    management,
    embedder,
    clock: logicalClock(),
    newId: sequentialIds("t"),
  });
  return { plan, store, embedder, management, provider };
}

const A: TaskContext = { id: "task-a", text: "Which river flows through Vienna and Budapest?" };
const B: TaskContext = { id: "task-b", text: "Which river flows through Bratislava?" };
const done = { success: true, score: 1 };

Deno.test("BEGIN on an empty store injects nothing and records why", async () => {
  const { provider } = setup();
  assert.equal(await provider.beginTask(A), null);
  const trace = provider.traceOf(A.id)!;
  assert.equal(trace.retrievals[0].outcome, "empty_store");
  assert.equal(trace.retrievals[0].phase, "begin");
});

Deno.test("endTask embeds and stores extracted units and runs management with the outcome", async () => {
  const { provider, store, management } = setup();
  const end = await provider.endTask(A, traj(A, ["The Danube flows through Vienna."]), done);
  assert.equal(end.inserted_ids.length, 1);
  const stored = await store.get(end.inserted_ids[0]);
  assert.equal(stored?.embedding?.length, 64);
  assert.deepEqual(management.inserted, [end.inserted_ids]);
  assert.equal(management.postTasks.length, 1);
  assert.equal(management.postTasks[0].succeeded, true);
  assert.equal(management.postTasks[0].task_id, A.id);
  assert.deepEqual(end.ops.map((o) => o.op), ["signature_dedup", "access_stats_update"]);
  assert.deepEqual(provider.traceOf(A.id)?.end, end);
});

Deno.test("exact duplicates are not stored twice and are counted", async () => {
  const { provider, management } = setup();
  const t = traj(A, ["same fact", "same fact"]);
  const first = await provider.endTask(A, t, done);
  assert.equal(first.inserted_ids.length, 1);
  assert.equal(first.deduped, 1);
  const second = await provider.endTask(A, t, done);
  assert.equal(second.inserted_ids.length, 0);
  assert.equal(second.deduped, 2);
  assert.equal(management.inserted.length, 1, "on_insert runs only for new units");
});

Deno.test("guidance cites injected units and never comes from the task itself", async () => {
  const { provider } = setup();
  await provider.endTask(A, traj(A, ["The Danube flows through Vienna and Budapest."]), done);
  await provider.endTask(B, traj(B, ["The Danube flows through Bratislava."]), done);
  const g = await provider.beginTask(A);
  assert.ok(g);
  assert.equal(g.phase, "begin");
  assert.equal(g.tokens, Math.ceil(g.text.length / 4));
  assert.match(g.text, /^\[Past experience, for reference only\] /);
  for (const id of g.unit_ids) assert.ok(g.text.includes(`[memory:${id}]`));
  const r = provider.traceOf(A.id)!.retrievals[0];
  assert.equal(r.outcome, "injected");
  assert.equal(r.composer, "fallback");
  assert.ok(r.candidates.length > 0);
  assert.ok(r.candidates.every((c) => c.source_task_id !== A.id), "self-retrieval guard");
  assert.equal(r.query.literal, A.text);
  assert.notEqual(r.query.abstract, "", "the offline planner abstracts the query");
});

Deno.test("one refresh per task, no reinjection, and endTask gets every injected unit", async () => {
  const { provider, management } = setup();
  await provider.endTask(B, traj(B, ["fact one about rivers", "fact two about rivers"]), done);
  const begin = await provider.beginTask(A);
  const refresh = await provider.refresh(A, "I searched for rivers");
  assert.ok(begin && refresh);
  assert.equal(refresh.phase, "in");
  assert.deepEqual(refresh.unit_ids.filter((id) => begin.unit_ids.includes(id)), []);
  assert.equal(await provider.refresh(A, "more"), null);
  const phases = provider.traceOf(A.id)!.retrievals.map((r) => `${r.phase}:${r.outcome}`);
  assert.deepEqual(phases, ["begin:injected", "in:injected", "in:phase_denied"]);
  const end = await provider.endTask(A, traj(A, []), { success: false, score: 0 });
  assert.deepEqual(end.used_unit_ids, [...begin.unit_ids, ...refresh.unit_ids]);
  const ctx = management.postTasks.at(-1)!;
  assert.deepEqual(ctx.used_unit_ids, end.used_unit_ids);
  assert.equal(ctx.succeeded, false);
  assert.equal(ctx.failure_context, "Task failed (no result captured).");
  // endTask closed the session: a new run of the same task starts fresh.
  const again = await provider.beginTask(A);
  assert.deepEqual(again?.unit_ids, begin.unit_ids);
});

Deno.test("a restarted BEGIN does not reinject what the task already got", async () => {
  const { provider } = setup();
  await provider.endTask(B, traj(B, ["only fact about rivers"]), done);
  const first = await provider.beginTask(A);
  assert.ok(first);
  assert.equal(await provider.beginTask(A), null);
  const last = provider.traceOf(A.id)!.retrievals.at(-1)!;
  assert.equal(last.outcome, "no_candidates");
});

Deno.test("ingest stores material without a post-task pass", async () => {
  const { provider, management } = setup();
  const end = await provider.ingest({ id: "conv-1", text: "chat" }, {
    task_id: "conv-1",
    query: "chat",
    steps: [{ ref: "D1:1", kind: "turn", speaker: "Ana", text: "I adopted a cat." }],
  });
  assert.equal(end.inserted_ids.length, 1);
  assert.equal(management.postTasks.length, 0);
  assert.equal(management.inserted.length, 1);
});

Deno.test("search ranks units with k and exclusions honoured", async () => {
  const { provider } = setup();
  await provider.endTask(A, traj(A, ["Vienna lies on the Danube.", "Budapest too."]), done);
  await provider.endTask(B, traj(B, ["Bratislava lies on the Danube."]), done);
  const all = await provider.search("Danube cities", 2);
  assert.equal(all.length, 2);
  const others = await provider.search("Danube cities", 5, [A.id]);
  assert.ok(others.length > 0);
  assert.ok(others.every((r) => r.unit.source_task_id !== A.id));
  await assert.rejects(provider.search("x", 0), /k must be a positive integer/);
});

Deno.test("calls are serialised: a BEGIN issued during endTask waits for it", async () => {
  const log: string[] = [];
  const slowEncoder: Encoder = async (input, deps) => {
    log.push("extract:start");
    await new Promise((r) => setTimeout(r, 5));
    log.push("extract:end");
    return stepEncoder(input, deps);
  };
  const { provider } = setup({ encoder: slowEncoder });
  const end = provider.endTask(B, traj(B, ["river fact"]), done);
  const begin = provider.beginTask(A).then((g) => {
    log.push("begin:done");
    return g;
  });
  await Promise.all([end, begin]);
  assert.deepEqual(log, ["extract:start", "extract:end", "begin:done"]);
  assert.ok(await begin, "BEGIN saw the unit endTask stored");
});

Deno.test("a management failure is recorded, not thrown, and the units stay stored", async () => {
  const { provider, management, store } = setup();
  management.failPostTask = true;
  const end = await provider.endTask(A, traj(A, ["kept fact"]), done);
  const err = end.ops.find((o) => o.op === "pipeline");
  assert.equal(err?.error, "pipeline exploded");
  assert.equal(err?.trigger, "post_task");
  assert.equal(await store.count(), 1);
});

Deno.test("importPool re-embeds units that arrive without a usable embedding", async () => {
  const { provider, store } = setup();
  const content = { principle: "imported advice" };
  const unit = MemoryUnitSchema.parse({
    id: "imp-1",
    type: "tip",
    signature: unitSignature(content),
    content,
    source_task_id: "old",
    task_outcome: "success",
    created_at: "2026-01-01T00:00:00.000Z",
    embedding: [1, 0, 0],
  });
  await provider.importPool({ units: [unit], edges: [] });
  assert.equal((await store.get("imp-1"))?.embedding?.length, 64);
  const pool = await provider.exportPool();
  assert.deepEqual(pool.units.map((u) => u.id), ["imp-1"]);
});

Deno.test("a closed provider rejects every call", async () => {
  const { provider } = setup();
  await provider.close();
  await assert.rejects(provider.beginTask(A), ProviderClosedError);
  await assert.rejects(provider.exportPool(), /memory provider is closed: exportPool\(\)/);
});
