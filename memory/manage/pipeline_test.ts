import assert from "node:assert/strict";
import { join } from "node:path";
import type { Embedder } from "../../core/ports.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import type { ManageDeps } from "../manage_port.ts";
import {
  createManagementPipeline,
  MANAGE_STATE_FILE,
  ManageConfigError,
  ManageStateError,
} from "./pipeline.ts";
import {
  axisVec,
  fixedClock,
  KeywordEmbedder,
  makeUnit,
  MemoryStoreDouble,
  postTask,
  presetPlan,
} from "./testing/mod.ts";

const deps = (
  store: MemoryStoreDouble,
  embedder: Embedder = new KeywordEmbedder(8),
): ManageDeps => ({
  store,
  embedder,
  clock: fixedClock(),
});

// Written out rather than imported from core/presets.ts: this is the independent record of the
// reference order (docs/design.md#presets), so a wrong edit to PRESETS fails here instead of
// passing by definition.
const REFERENCE_ORDER = {
  lightweight: {
    post_task: [
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      "signature_dedup",
    ],
    periodic: [
      "time_decay",
      "score_based_prune",
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
    ],
    on_insert: ["signature_dedup", "conflict_detection"],
  },
  json_full: {
    post_task: [
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      "reflection_correction",
      "signature_dedup",
    ],
    periodic: [
      "time_decay",
      "semantic_dedup",
      "cross_type_dedup",
      "cluster_merge",
      "trajectory_to_workflow",
      "llm_conflict_resolve",
      "score_based_prune",
      "reindex_relations",
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
    ],
    on_insert: ["signature_dedup", "conflict_detection"],
  },
  tool_manager: {
    post_task: [
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      "shortcut_promotion",
      "signature_dedup",
    ],
    periodic: [
      "time_decay",
      "semantic_dedup",
      "trajectory_to_workflow",
      "score_based_prune",
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
    ],
    on_insert: ["shortcut_validation", "signature_dedup", "conflict_detection"],
  },
  graph_consolidate: {
    post_task: [
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      "edge_stats_update",
      "reflection_correction",
      "signature_dedup",
    ],
    periodic: [
      "time_decay",
      "semantic_dedup",
      "cross_type_dedup",
      "cluster_merge",
      "trajectory_to_workflow",
      "cross_task_generalize",
      "llm_conflict_resolve",
      "score_based_prune",
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
      "reindex_relations",
      "edge_weight_optimize",
    ],
    on_insert: ["signature_dedup", "conflict_detection"],
  },
} as const;

for (const preset of Object.keys(REFERENCE_ORDER) as (keyof typeof REFERENCE_ORDER)[]) {
  Deno.test(`pipeline runs the ${preset} ops in the reference order per trigger, offline`, async () => {
    const store = new MemoryStoreDouble({
      kind: preset === "graph_consolidate" ? "graph" : "json",
    });
    await store.add([makeUnit("a", { embedding: axisVec(0) })]);
    const p = await createManagementPipeline(presetPlan(preset), deps(store));
    const ops = (rs: { op: string; error?: string }[]) => {
      for (const r of rs) assert.equal(r.error, undefined, `${r.op}: ${r.error}`);
      return rs.map((r) => r.op);
    };
    assert.deepEqual(
      ops(await p.postTask(postTask(1, { used_unit_ids: ["a"] }))),
      REFERENCE_ORDER[preset].post_task,
    );
    assert.deepEqual(ops(await p.runPeriodic()), REFERENCE_ORDER[preset].periodic);
    assert.deepEqual(ops(await p.onInsert([makeUnit("b")])), REFERENCE_ORDER[preset].on_insert);
  });
}

Deno.test("post-task: boost only on success, penalize only on failure, both without a model", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a", { confidence: 0.5 })]);
  const p = await createManagementPipeline(presetPlan("lightweight"), deps(store));
  const byOp = (rs: { op: string; triggered: boolean; affected: number }[]) =>
    Object.fromEntries(rs.map((r) => [r.op, r.triggered]));
  const ok = byOp(await p.postTask(postTask(1, { used_unit_ids: ["a"] })));
  assert.equal(ok.access_stats_update, true);
  assert.equal(ok.boost_on_success, true);
  assert.equal(ok.penalize_on_failure, false);
  const bad = await p.postTask(postTask(2, { succeeded: false, used_unit_ids: ["a"] }));
  assert.equal(byOp(bad).boost_on_success, false);
  assert.equal(
    bad.find((r) => r.op === "boost_on_success")!.skipped_reason,
    "task did not succeed",
  );
  assert.equal(byOp(bad).penalize_on_failure, true);
  const a = (await store.get("a"))!;
  assert.deepEqual([a.access_count, a.usage_count, a.success_count], [2, 2, 1]);
});

Deno.test("periodic ops fire at task 10 and the counter survives pipeline re-creation", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const store = new MemoryStoreDouble();
    const plan = presetPlan("lightweight");
    const periodicAt: number[] = [];
    let p = await createManagementPipeline(plan, deps(store), { dir });
    for (let n = 1; n <= 25; n++) {
      // A provider recreated for every task (docs/design.md#fix-periodic-counter).
      if (n % 3 === 0) p = await createManagementPipeline(plan, deps(store), { dir });
      const rs = await p.postTask(postTask(n));
      if (rs.some((r) => r.trigger === "periodic")) periodicAt.push(n);
      assert.equal(p.taskCount, n);
    }
    assert.deepEqual(periodicAt, [10, 20]);
    const state = JSON.parse(await Deno.readTextFile(join(dir, MANAGE_STATE_FILE)));
    assert.deepEqual(state, { version: 1, task_count: 25, pending_failures: [] });
    const again = await createManagementPipeline(plan, deps(store), { dir });
    assert.equal(again.taskCount, 25);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("concurrent postTask calls are serialised: one periodic pass at task 10", async () => {
  const store = new MemoryStoreDouble();
  const p = await createManagementPipeline(presetPlan("lightweight"), deps(store));
  const all = await Promise.all(Array.from({ length: 10 }, (_, i) => p.postTask(postTask(i + 1))));
  assert.equal(all.flat().filter((r) => r.op === "time_decay").length, 1);
  assert.equal(all[9].at(-1)!.op, "size_capped_prune");
});

Deno.test("a corrupt state file is a typed error naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, MANAGE_STATE_FILE), '{"version": 1, "task_count": -2}');
    const err = await createManagementPipeline(
      presetPlan("lightweight"),
      deps(new MemoryStoreDouble()),
      {
        dir,
      },
    )
      .then(() => undefined, (e) => e);
    assert.ok(err instanceof ManageStateError);
    assert.equal(err.path, join(dir, MANAGE_STATE_FILE));
    assert.deepEqual(err.issues[0].path, ["task_count"]);
    await Deno.writeTextFile(join(dir, MANAGE_STATE_FILE), "{");
    await assert.rejects(
      () =>
        createManagementPipeline(presetPlan("lightweight"), deps(new MemoryStoreDouble()), { dir }),
      (e) => e instanceof ManageStateError && e.issues[0].code === "invalid_json",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an invalid plan is a typed error naming each bad op and setting", async () => {
  const plan = presetPlan("lightweight", { time_decay: { decay_rate: "fast" } });
  const bad = {
    ...plan,
    post_task: [...plan.post_task, "teleport" as never],
    periodic_interval: -1,
  };
  const err = await createManagementPipeline(bad, deps(new MemoryStoreDouble())).then(
    () => undefined,
    (e) => e,
  );
  assert.ok(err instanceof ManageConfigError);
  const paths = err.issues.map((i: { path: unknown[] }) => i.path.join("."));
  assert.deepEqual(paths, [
    "periodic_interval",
    "post_task.4",
    "op_settings.time_decay.decay_rate",
  ]);
  assert.match(err.message, /unknown op 'teleport'/);
});

Deno.test("an op that throws becomes an error record; the ops after it still run", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a"), makeUnit("b", { text: "b" })]);
  const broken: Embedder = {
    id: "broken",
    dim: 8,
    embed: () => Promise.reject(new Error("embedder down")),
  };
  const p = await createManagementPipeline(presetPlan("json_full"), deps(store, broken));
  const rs = await p.runPeriodic();
  const semantic = rs.find((r) => r.op === "semantic_dedup")!;
  assert.equal(semantic.triggered, false);
  assert.equal(semantic.error, "Error: embedder down");
  assert.equal(rs.at(-1)!.op, "size_capped_prune");
  assert.equal(rs.find((r) => r.op === "time_decay")!.error, undefined);
});

Deno.test("edges survive updates (docs/design.md#fix-graph-edges): edge_stats_update bumps the used edge after access stats updated the unit", async () => {
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([
    makeUnit("a", { embedding: axisVec(0) }),
    makeUnit("b", { embedding: axisVec(0, 8, 0.3), text: "b" }),
  ]);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 }]);
  const p = await createManagementPipeline(presetPlan("graph_consolidate"), deps(store));
  const rs = await p.postTask(
    postTask(1, { used_unit_ids: ["a", "b"], used_edges: [["m:a", "m:b", "SIMILAR"]] }),
  );
  assert.equal(rs.find((r) => r.op === "access_stats_update")!.affected, 2);
  assert.equal(rs.find((r) => r.op === "edge_stats_update")!.affected, 1);
  const [edge] = await store.graph!.listEdges(["SIMILAR"]);
  assert.deepEqual([edge.usage_count, edge.success_count], [1, 1]);
});

Deno.test("on insert, the new units are the conflict targets", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("old", { embedding: axisVec(0), task_outcome: "success" }),
    makeUnit("new", { embedding: axisVec(0, 8, 0.1), task_outcome: "failure", text: "n" }),
  ]);
  const p = await createManagementPipeline(presetPlan("lightweight"), deps(store));
  const rs = await p.onInsert([(await store.get("new"))!]);
  assert.equal(rs.find((r) => r.op === "conflict_detection")!.triggered, true);
  assert.equal((await store.get("old"))!.conflict_count, 1);
});

Deno.test("after an abort, the remaining ops are recorded as skipped and nothing is written", async () => {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("a")]);
  const controller = new AbortController();
  controller.abort();
  const p = await createManagementPipeline(presetPlan("lightweight"), {
    ...deps(store),
    signal: controller.signal,
  });
  const rs = await p.postTask(postTask(1, { used_unit_ids: ["a"] }));
  assert.ok(rs.every((r) => !r.triggered && r.skipped_reason === "aborted"));
  assert.equal(store.updateCalls, 0);
  assert.equal(p.taskCount, 1, "the task still counts");
});

Deno.test("failed tasks queued for a batched reflection survive pipeline re-creation; one call reviews them", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const store = new MemoryStoreDouble();
    await store.add([
      makeUnit("a", { content: { principle: "Use the first result" } }),
      makeUnit("b", { content: { principle: "Prefer archives" } }),
    ]);
    const base = presetPlan("json_full");
    const plan = {
      ...base,
      op_settings: {
        ...base.op_settings,
        reflection_correction: { max_units: 10, content_chars: 500, batch_failures: 3 },
      },
    };
    const model = new ScriptedModel({ replies: [{ corrections: [] }] });
    const withModel = { ...deps(store), model };
    const fail = (n: number, used: string[]) =>
      postTask(n, { succeeded: false, used_unit_ids: used, failure_context: `failure ${n}` });
    const reflection = (rs: { op: string; skipped_reason?: string; triggered: boolean }[]) =>
      rs.find((r) => r.op === "reflection_correction")!;
    let p = await createManagementPipeline(plan, withModel, { dir });
    assert.match(reflection(await p.postTask(fail(1, ["a"]))).skipped_reason!, /1 of 3/);
    p = await createManagementPipeline(plan, withModel, { dir });
    assert.match(reflection(await p.postTask(fail(2, ["b", "a"]))).skipped_reason!, /2 of 3/);
    const saved = JSON.parse(await Deno.readTextFile(join(dir, MANAGE_STATE_FILE)));
    assert.deepEqual(saved.pending_failures.map((n: { task_id: string }) => n.task_id), [
      "task-1",
      "task-2",
    ]);
    assert.equal(model.calls.length, 0);
    p = await createManagementPipeline(plan, withModel, { dir });
    assert.equal(reflection(await p.postTask(fail(3, ["b"]))).triggered, true);
    assert.equal(model.calls.length, 1);
    const prompt = model.calls[0].messages[0].content;
    for (const n of [1, 2, 3]) assert.ok(prompt.includes(`failure ${n}`), `failure ${n} in prompt`);
    // b was used in two failures, a in two: first use breaks the tie.
    assert.ok(prompt.indexOf("- id: a") < prompt.indexOf("- id: b"));
    const after = JSON.parse(await Deno.readTextFile(join(dir, MANAGE_STATE_FILE)));
    assert.deepEqual(after.pending_failures, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a scoped task's management passes never touch another scope's units", async () => {
  const twins = async () => {
    const store = new MemoryStoreDouble();
    await store.add([
      makeUnit("bob", { embedding: axisVec(0), task_outcome: "success", user_id: "bob" }),
      makeUnit("alice", {
        embedding: axisVec(0),
        task_outcome: "failure",
        text: "a",
        user_id: "alice",
      }),
    ]);
    return store;
  };
  const open = await twins();
  await (await createManagementPipeline(presetPlan("lightweight"), deps(open)))
    .onInsert([(await open.get("alice"))!]);
  assert.equal((await open.get("bob"))!.conflict_count, 1, "unscoped, the twins conflict");
  const scoped = await twins();
  const records = await (await createManagementPipeline(presetPlan("lightweight"), deps(scoped)))
    .onInsert([(await scoped.get("alice"))!], { user_id: "alice" });
  assert.ok(records.some((r) => r.op === "conflict_detection" && !r.error));
  assert.equal((await scoped.get("bob"))!.conflict_count, 0);
  assert.equal((await scoped.get("alice"))!.conflict_count, 0);
});
