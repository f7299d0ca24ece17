/**
 * `deno bench -A retrieval/graph_retrieval_bench.ts`: the graph retriever (default plan, top 20,
 * the provider's evaluation depth) over the real Kùzu-backed graph store at 400 and 5,000
 * synthetic units with rule-based entities and three random SIMILAR edges per unit. Each size
 * runs twice in the same process: reads answered by the store's in-memory edge mirror (what the
 * store does) and reads sent to Kùzu itself (a copy of the same database, queried the way the
 * store did before the mirror), so the ratio of the two is the mirror's gain. Queries are unit
 * embeddings, so the best seed scores 1 and expansion really runs.
 *
 * @module
 */
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { RETRIEVER_DEFAULTS } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { createRng } from "../core/rng.ts";
import { kuzuNeighbourhood, kuzuNeighbours, listEdges } from "../stores/graph_reads.ts";
import { KuzuGraph } from "../stores/kuzu_adapter.ts";
import { openStore } from "../stores/open_store.ts";
import type { GraphOps, MemoryStore } from "../stores/store_port.ts";
import { syntheticUnits } from "../stores/synthetic_units.ts";
import { createGraphRetriever } from "./graph.ts";
import type { RetrievalQuery } from "./retriever_port.ts";

const DIM = 384;
const TOP_K = 20;
const SIZES = [400, 5_000];
const root = await Deno.makeTempDir({ prefix: "automem_graph_retrieval_bench_" });
globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));

function openGraphStore(dir: string): Promise<MemoryStore> {
  return openStore(
    { store: { kind: "graph", dir, embedding_dim: DIM, cold_start_threshold: 30 } },
    { embedder: new HashEmbedder(DIM), clock: logicalClock() },
  );
}

/** Graph operations answered by Kùzu queries, as the store answered them before its mirror. */
function kuzuReads(db: KuzuGraph, store: MemoryStore): GraphOps {
  const readOnly = () => Promise.reject(new Error("the Kùzu baseline is read-only"));
  return {
    neighbours: (node, types) => kuzuNeighbours(db, node, types),
    neighbourhood: (seeds, hops, types) => kuzuNeighbourhood(db, seeds, hops, types),
    listEdges: (types) => listEdges(db, types),
    derivedEdgeCount: () => store.graph!.derivedEdgeCount(),
    upsertEdges: readOnly,
    removeEdges: readOnly,
    linkEntities: readOnly,
  };
}

/** The store with its graph operations replaced (methods stay bound to the real store). */
function withGraph(store: MemoryStore, graph: GraphOps): MemoryStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === "graph") return graph;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function fixture(size: number) {
  const dir = join(root, `n${size}`);
  const units = syntheticUnits(size, { dim: DIM, seed: "graph-retrieval-bench" });
  const rng = createRng(`graph-retrieval-bench:${size}`);
  {
    const store = await openGraphStore(join(dir, "store"));
    for (let i = 0; i < size; i += 1000) await store.add(units.slice(i, i + 1000));
    const edges = units.flatMap((u) =>
      [0, 1, 2].map(() => ({
        source: `m:${u.id}`,
        target: `m:${units[rng.int(size)].id}`,
        type: "SIMILAR",
        weight: 0.6 + 0.4 * rng.next(),
      }))
    ).filter((e) => e.source !== e.target);
    await store.graph!.upsertEdges(edges);
    await store.close();
  }
  // The baseline reads an identical copy, since one process cannot open a database twice.
  await Deno.mkdir(join(dir, "kuzu"));
  for await (const e of Deno.readDir(join(dir, "store"))) {
    if (e.name.startsWith("graph.kuzu")) {
      await Deno.copyFile(join(dir, "store", e.name), join(dir, "kuzu", e.name));
    }
  }
  const store = await openGraphStore(join(dir, "store"));
  const db = await KuzuGraph.open(join(dir, "kuzu", "graph.kuzu"));
  const queries: RetrievalQuery[] = Array.from({ length: 16 }, (_, i) => ({
    literal: `query ${i}`,
    abstract: "",
    embedding: Float32Array.from(units[(i * 7919) % size].embedding!),
    excludeTaskIds: [],
  }));
  return { units, store, baseline: withGraph(store, kuzuReads(db, store)), queries };
}

const plan = { kind: "graph" as const, top_k: 4, params: { ...RETRIEVER_DEFAULTS.graph } };
const embedder = new HashEmbedder(DIM);

for (const size of SIZES) {
  const { units, store, baseline, queries } = await fixture(size);
  const mirror = createGraphRetriever(plan, { store, embedder });
  const kuzu = createGraphRetriever(plan, { store: baseline, embedder });
  const found = await mirror.retrieve(queries[0], TOP_K);
  const same = await kuzu.retrieve(queries[0], TOP_K);
  if (JSON.stringify(found) !== JSON.stringify(same)) {
    throw new Error(`mirror and Kùzu reads disagree at ${size} units`);
  }
  if (!found.units.some((s) => s.method === "graph")) {
    throw new Error(`no expansion happened at ${size} units: the bench would measure nothing`);
  }
  let q = 0;
  const next = () => queries[q++ % queries.length];
  const group = `graph retrieve top-${TOP_K}, ${size} units`;
  // Fixed iteration counts: the Kùzu path costs up to half a second per query at 5,000 units.
  const runs = { n: size > 1000 ? 20 : 100, warmup: 3 };
  Deno.bench(`Kùzu reads, ${size} units`, { group, baseline: true, ...runs }, async () => {
    await kuzu.retrieve(next(), TOP_K);
  });
  Deno.bench(`mirror reads, ${size} units`, { group, ...runs }, async () => {
    await mirror.retrieve(next(), TOP_K);
  });
  const node = () => `m:${units[(q++ * 7919) % size].id}`;
  const hood = `one node's neighbours, ${size} units`;
  Deno.bench(`Kùzu neighbours, ${size} units`, { group: hood, baseline: true }, async () => {
    await baseline.graph!.neighbours(node());
  });
  Deno.bench(`mirror neighbours, ${size} units`, { group: hood }, async () => {
    await store.graph!.neighbours(node());
  });
}
