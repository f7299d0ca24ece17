/**
 * Cost of management passes on a 300-unit store (the size cap), offline: the periodic pass of
 * json_full and graph_consolidate (O(n²) similarity work) and one post-task pass.
 */
import { logicalClock } from "../../core/clock.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import type { ManagePreset } from "../../core/space.ts";
import { createManagementPipeline } from "./pipeline.ts";
import { makeUnit, MemoryStoreDouble, presetPlan } from "./testing/mod.ts";

const embedder = new HashEmbedder();
const TOPICS = ["dates", "units", "tables", "archives", "filings", "maps", "audio", "images"];
const texts = Array.from(
  { length: 300 },
  (_, i) =>
    `Check the ${TOPICS[i % 8]} of source ${i % 37} before answering question type ${i % 11}`,
);
const vectors = await embedder.embed(texts);

async function fresh(preset: ManagePreset) {
  const store = new MemoryStoreDouble({ kind: preset === "graph_consolidate" ? "graph" : "json" });
  await store.add(texts.map((t, i) =>
    makeUnit(`u${i}`, {
      text: t,
      source_task_id: `t${i % 60}`,
      embedding: Array.from(vectors[i]),
      usage_count: i % 5,
      success_count: i % 3 === 0 ? i % 5 : 0,
    })
  ));
  const pipeline = await createManagementPipeline(presetPlan(preset), {
    store,
    embedder,
    clock: logicalClock(),
  });
  return { store, pipeline };
}

for (const preset of ["json_full", "graph_consolidate"] as const) {
  Deno.bench(`periodic pass, ${preset}, 300 units`, { n: 5, warmup: 1 }, async (b) => {
    const { pipeline } = await fresh(preset);
    b.start();
    await pipeline.runPeriodic();
    b.end();
  });
}

Deno.bench("post-task pass, graph_consolidate, 300 units", { n: 20, warmup: 2 }, async (b) => {
  const { pipeline } = await fresh("graph_consolidate");
  b.start();
  await pipeline.postTask({
    task_id: "t",
    task_query: "q",
    succeeded: true,
    used_unit_ids: ["u1", "u2", "u3", "u4"],
    used_edges: [],
    failure_context: "",
  });
  b.end();
});
