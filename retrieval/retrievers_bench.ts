/**
 * Per-query cost of each retriever (offline variants) over the in-memory store double with 1000
 * units of 384-d hash embeddings and a sparse SIMILAR graph. The double searches by brute force,
 * so the numbers bound the retrievers' own overhead plus a naive store, not a real store's speed.
 *
 * @module
 */
import { HashEmbedder } from "../core/hash_embedder.ts";
import { RETRIEVER_KINDS } from "../core/space.ts";
import { createRetriever } from "./create_retriever.ts";
import { planQuery, queryEmbedding } from "./query_planner.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { FUSION_ONLY, makeUnit } from "./testing/fixtures.ts";

const N = 1000;
const VERBS = ["find", "count", "convert", "compare", "download", "summarise", "cite", "plot"];
const NOUNS = ["invoice", "album", "paper", "river", "museum", "rate", "species", "table", "map"];
const embedder = new HashEmbedder(384);
const store = new MemoryStoreDouble({ kind: "graph" });
const texts = Array.from(
  { length: N },
  (_, i) =>
    `${VERBS[i % VERBS.length]} the ${NOUNS[i % NOUNS.length]} ${NOUNS[(i * 7) % NOUNS.length]} ` +
    `using source ${i % 13}`,
);
const vectors = await embedder.embed(texts);
await store.add(texts.map((text, i) =>
  makeUnit(`u${String(i).padStart(4, "0")}`, {
    text,
    source_task_query: `task about ${text}`,
    task_outcome: (["success", "failure", ""] as const)[i % 3],
    vector: [...vectors[i]],
  })
));
await store.graph!.upsertEdges(Array.from({ length: N - 1 }, (_, i) => ({
  source: `m:u${String(i).padStart(4, "0")}`,
  target: `m:u${String(i + 1).padStart(4, "0")}`,
  type: "SIMILAR",
  weight: 0.8,
})));
const plan = await planQuery({ literal: "How many albums did the artist publish? Count them." });
const query = {
  literal: plan.literal,
  abstract: plan.abstract,
  embedding: await queryEmbedding(plan, embedder),
  excludeTaskIds: ["task-u0001"],
};

for (const kind of RETRIEVER_KINDS) {
  const retriever = createRetriever(
    { kind, top_k: 4, params: {} },
    { store, embedder },
  );
  await retriever.retrieve(query, 4); // warm caches (cbr source-task embeddings)
  Deno.bench(`${kind} retrieve, ${N} units`, { group: "retrieve" }, async () => {
    await retriever.retrieve(query, 4);
  });
}

// What the hybrid's default re-scoring (soft word match, episode context) costs per query, against
// the fusion alone in the same run.
for (const [name, params] of [["fusion only", FUSION_ONLY], ["defaults", {}]] as const) {
  const retriever = createRetriever({ kind: "hybrid", top_k: 4, params }, { store, embedder });
  await retriever.retrieve(query, 4); // loads the word-vector table once
  Deno.bench(`hybrid ${name}, ${N} units`, {
    group: "hybrid re-scoring",
    baseline: name === "fusion only",
  }, async () => {
    await retriever.retrieve(query, 4);
  });
}

Deno.bench("planQuery offline + queryEmbedding", async () => {
  const p = await planQuery({ literal: "Find the 2019 report of Acme Corp and compare revenue." });
  await queryEmbedding(p, embedder);
});
