/**
 * The provider lifecycle end to end, offline, through the real stores, retrievers, encoders and
 * management pipeline: json + hybrid retrieval + lightweight, and graph + graph retrieval +
 * graph_consolidate.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { compileSpec, type Plan } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { parseSpec } from "../core/spec.ts";
import type { TaskContext, Trajectory } from "../core/trajectory.ts";
import { sequentialIds } from "../memory/ids.ts";
import { MANAGE_STATE_FILE, ManageStateSchema } from "../memory/manage/mod.ts";
import { openMemory } from "../memory/open_memory.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";
import { SMOKE_PROBE, SMOKE_TASKS } from "../memory/smoke_fixtures.ts";

const embedder = new HashEmbedder(128);

function plan(dir: string, store: string, retrieve: string, manage: string): Plan {
  const spec = parseSpec({
    schema_version: "1",
    encode: ["tip", "insight", "trajectory", "workflow", "shortcut"],
    store,
    retrieve,
    manage,
  });
  if (!spec.ok) throw new Error(JSON.stringify(spec.issues));
  return compileSpec(spec.value, { baseDir: dir, embeddingDim: embedder.dim });
}

function open(p: Plan, prefix: string): Promise<MemoryProvider> {
  return openMemory(p, { embedder, clock: logicalClock(), newId: sequentialIds(prefix) });
}

/** Filler tasks that bring the post-task counter to the periodic interval. */
function filler(i: number): { task: TaskContext; trajectory: Trajectory } {
  const task = { id: `filler-${i}`, text: `What is the population of the town number ${i}?` };
  return {
    task,
    trajectory: {
      task_id: task.id,
      query: task.text,
      steps: [
        {
          ref: "step:0",
          kind: "action",
          tool: "search",
          args: { query: `town ${i} population` },
          observation: `Town ${i} has ${1000 + i} inhabitants according to the census.`,
        },
        { ref: "step:1", kind: "action", tool: "finish", args: { answer: String(1000 + i) } },
      ],
      final_answer: String(1000 + i),
    },
  };
}

async function ingestAll(memory: MemoryProvider) {
  const ends = [];
  for (const t of SMOKE_TASKS) ends.push(await memory.endTask(t.task, t.trajectory, t.outcome));
  return ends;
}

Deno.test("json + hybrid: extraction, guidance, offline management, periodic pass, reopen", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_lifecycle_" });
  try {
    const p = plan(dir, "json", "hybrid", "lightweight");
    const memory = await open(p, "json");
    const ends = await ingestAll(memory);
    assert.ok(ends.every((e) => e.inserted_ids.length > 0 && e.extraction_failures.length === 0));
    assert.ok(ends.every((e) => e.extracted.every((x) => x.mode === "offline")));
    const pool = await memory.exportPool();
    assert.ok(pool.units.every((u) => u.embedding?.length === embedder.dim));
    assert.ok(pool.units.every((u) => u.source_refs.length > 0));
    assert.ok(pool.units.some((u) => u.type === "insight" && u.source_task_id === "smoke-jupiter"));

    // BEGIN, refresh, and the self-retrieval guard.
    const guidance = await memory.beginTask(SMOKE_PROBE);
    assert.ok(guidance, "a populated store gives guidance");
    assert.ok(guidance.unit_ids.length >= 1 && guidance.unit_ids.length <= 3);
    await memory.refresh(SMOKE_PROBE, "searched: Rhine mouth");
    assert.equal(await memory.refresh(SMOKE_PROBE, "again"), null);
    const own = SMOKE_TASKS[0].task;
    await memory.beginTask(own);
    const ownTrace = memory.traceOf(own.id)!.retrievals[0];
    assert.ok(ownTrace.candidates.length > 0);
    assert.ok(ownTrace.candidates.every((c) => c.source_task_id !== own.id));
    const searched = await memory.search(own.text, 10, [own.id]);
    assert.ok(searched.every((r) => r.unit.source_task_id !== own.id));

    // endTask after injection: the stats ops run without a model (bug 10.13).
    const used = memory.traceOf(SMOKE_PROBE.id)!.retrievals.flatMap((r) => r.injected_ids);
    const end = await memory.endTask(SMOKE_PROBE, filler(0).trajectory, {
      success: true,
      score: 1,
    });
    assert.deepEqual(end.used_unit_ids, used);
    const op = (name: string) => end.ops.find((o) => o.op === name);
    assert.equal(op("access_stats_update")?.triggered, true);
    assert.equal(op("boost_on_success")?.triggered, true);
    assert.equal(op("penalize_on_failure")?.triggered, false);
    const after = await memory.exportPool();
    for (const id of used) {
      const u = after.units.find((x) => x.id === id)!;
      assert.equal(u.access_count, 1, `access_count of ${id}`);
      assert.equal(u.usage_count, 1);
      assert.equal(u.success_count, 1);
    }

    // Tasks 6..10: the 10th post-task pass also runs the periodic ops.
    let last;
    for (let i = 1; i <= 5; i++) {
      const f = filler(i);
      last = await memory.endTask(f.task, f.trajectory, { success: true, score: 1 });
    }
    const periodic = last!.ops.filter((o) => o.trigger === "periodic").map((o) => o.op);
    assert.deepEqual(periodic, [...p.manage.periodic]);
    assert.ok(last!.ops.every((o) => !o.error), JSON.stringify(last!.ops.filter((o) => o.error)));
    const state = ManageStateSchema.parse(
      JSON.parse(await Deno.readTextFile(join(p.store.dir, MANAGE_STATE_FILE))),
    );
    assert.equal(state.task_count, 10, "the task counter is persisted");

    // Reopen: the same pool.
    const before = await memory.exportPool();
    await memory.close();
    const reopened = await open(p, "json-2");
    assert.deepEqual(await reopened.exportPool(), before);
    await reopened.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("graph + graph retrieval + graph_consolidate: edges feed back after a task", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_lifecycle_" });
  try {
    const p = plan(dir, "graph", "graph", "graph_consolidate");
    const memory = await open(p, "graph");
    await ingestAll(memory);
    for (let i = 1; i <= 6; i++) {
      const f = filler(i);
      await memory.endTask(f.task, f.trajectory, { success: true, score: 1 });
    }
    const pool = await memory.exportPool();
    const similar = pool.edges.filter((e) => e.type === "SIMILAR");
    assert.ok(similar.length > 0, "the periodic reindex created SIMILAR edges");

    await memory.close();

    // Reopen with a composer that keeps the last candidate: the graph retriever ranks expanded
    // units after its seeds, so the injected unit is one that graph expansion reached.
    const composer = new ScriptedModel({
      rules: [(req) => {
        if (req.purpose === "query_planner") return { abstract_query: "" };
        if (req.purpose !== "composer") return new Error("this test runs no extraction model");
        const last = [...req.messages[1].content.matchAll(/^\[M(\d+)\]/gm)].length - 1;
        return { keep_ids: [last], guidance: `Consider this [M${last}].`, no_guidance: false };
      }],
    });
    const reopened = await openMemory(p, {
      embedder,
      clock: logicalClock(),
      newId: sequentialIds("graph-2"),
      model: composer,
    });
    const probe: TaskContext = { id: "graph-probe", text: "What is the population of town 3?" };
    const guidance = await reopened.beginTask(probe);
    assert.ok(guidance);
    const record = reopened.traceOf(probe.id)!.retrievals[0];
    assert.equal(record.retriever, "graph");
    assert.equal(record.composer, "model");
    assert.equal(record.candidates.at(-1)?.method, "graph", "precondition: an expanded candidate");
    assert.ok(record.used_edges.length > 0, "the edges that reached the injected unit are kept");
    const key = (e: { source: string; target: string; type: string }) =>
      `${e.source}>${e.target}:${e.type}`;
    const stored = new Map(pool.edges.map((e) => [key(e), e]));
    const used = record.used_edges.map(([source, target, type]) => ({ source, target, type }))
      .filter((e) => e.source.startsWith("m:") && e.target.startsWith("m:"));
    assert.ok(used.length > 0, "a unit-to-unit edge supported the injection");
    const end = await reopened.endTask(probe, filler(99).trajectory, { success: true, score: 1 });
    assert.equal(end.ops.find((o) => o.op === "edge_stats_update")?.triggered, true);
    const afterEdges = new Map((await reopened.exportPool()).edges.map((e) => [key(e), e]));
    for (const e of used) {
      const k = stored.has(key(e))
        ? key(e)
        : key({ source: e.target, target: e.source, type: e.type });
      assert.equal(
        (afterEdges.get(k)?.usage_count ?? 0) - (stored.get(k)?.usage_count ?? 0),
        1,
        `usage of ${k} was bumped once`,
      );
      assert.equal(
        (afterEdges.get(k)?.success_count ?? 0) - (stored.get(k)?.success_count ?? 0),
        1,
        `success of ${k} was bumped once`,
      );
    }
    await reopened.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the same inputs give byte-identical pools and traces (offline determinism)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_lifecycle_" });
  try {
    const run = async (sub: string) => {
      const memory = await open(plan(join(dir, sub), "hybrid", "mmr", "json_full"), "det");
      await ingestAll(memory);
      await memory.beginTask(SMOKE_PROBE);
      await memory.refresh(SMOKE_PROBE, "progress");
      await memory.endTask(SMOKE_PROBE, filler(0).trajectory, { success: true, score: 1 });
      const out = JSON.stringify([await memory.exportPool(), memory.traceOf(SMOKE_PROBE.id)]);
      await memory.close();
      return out;
    };
    const a = await run("a");
    const b = await run("b");
    assert.ok(a.length > 1000);
    assert.equal(a, b);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
