/**
 * The memory benchmark behind `automem bench memory`: ingest throughput and top-10 retrieval
 * latency (p50, p95) of each store at each size, with a bare flat `Float32Array` scan timed in
 * the same run as the baseline, plus 2-hop neighbourhood latency on graph stores and Orama's own
 * vector search for comparison. Units come from the seeded synthetic generator, so two runs with
 * the same seed measure the same data.
 *
 * @module
 */
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { createRng } from "../core/rng.ts";
import { STORE_KINDS, type StoreKind } from "../core/space.ts";
import { contentText, type MemoryUnit } from "../core/unit.ts";
import { openStore } from "./open_store.ts";
import { OramaIndex } from "./orama_adapter.ts";
import type { GraphEdge, MemoryStore, UnitFilter } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { syntheticQuery, syntheticUnits } from "./synthetic_units.ts";
import { flatScanTopK } from "./vector_index.ts";
import { type MemoryBenchRow, quantile } from "./memory_bench_report.ts";

export { formatBenchTable, type MemoryBenchRow, quantile } from "./memory_bench_report.ts";

/** Options of {@linkcode runMemoryBench}. */
export interface MemoryBenchOptions {
  /** Store sizes in units (default 1000, 10000, 100000). */
  sizes?: number[];
  /** Embedding width (default 384). */
  dim?: number;
  /** Stores to measure (default all five). */
  stores?: StoreKind[];
  seed: number | string;
  /** Timed queries per measurement (default 50). */
  queries?: number;
  /** Graph stores skip sizes above this (default 10000): Kùzu ingest dominates run time. */
  graphMaxSize?: number;
  /** Also time Orama's own vector search up to this size (default 10000; 0 = never). */
  oramaVectorMaxSize?: number;
  /** Units per `add()` call (default 1000). */
  batchSize?: number;
  /** Where stores are created (default a fresh temp dir, removed afterwards). */
  dir?: string;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

async function timeEach(
  n: number,
  fn: (i: number) => Promise<unknown> | unknown,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** Times `fn` and the flat scan alternately per query, so both see the same machine load. */
async function timePaired(
  n: number,
  fn: (i: number) => Promise<unknown>,
  flat: (i: number) => unknown,
): Promise<[number[], number[]]> {
  const own: number[] = [], base: number[] = [];
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    flat(i);
    base.push(performance.now() - t);
    t = performance.now();
    await fn(i);
    own.push(performance.now() - t);
  }
  return [own, base];
}

function row(
  store: MemoryBenchRow["store"],
  size: number,
  op: string,
  times: number[],
  flat: number,
  unitsPerS = 0,
): MemoryBenchRow {
  return {
    store,
    size,
    op,
    p50_ms: round(quantile(times, 0.5)),
    p95_ms: round(quantile(times, 0.95)),
    flat_scan_p50_ms: round(flat),
    units_per_s: Math.round(unitsPerS),
  };
}

function checkOptions(o: MemoryBenchOptions): Required<Omit<MemoryBenchOptions, "dir">> {
  const sizes = o.sizes ?? [1000, 10000, 100000];
  sizes.forEach((s, i) => {
    if (!Number.isInteger(s) || s < 1) {
      throw new StoreError(
        "invalid_argument",
        ["sizes", i],
        `must be a positive integer, got ${s}`,
      );
    }
  });
  for (const [i, s] of (o.stores ?? []).entries()) {
    if (!(STORE_KINDS as readonly string[]).includes(s)) {
      throw new StoreError("invalid_argument", ["stores", i], `unknown store kind '${s}'`);
    }
  }
  return {
    sizes,
    dim: o.dim ?? 384,
    stores: o.stores ?? [...STORE_KINDS],
    seed: o.seed,
    queries: o.queries ?? 50,
    graphMaxSize: o.graphMaxSize ?? 10000,
    oramaVectorMaxSize: o.oramaVectorMaxSize ?? 10000,
    batchSize: o.batchSize ?? 1000,
  };
}

/** Runs the benchmark, yielding one row per (store, size, op) as soon as it is measured. */
export async function* runMemoryBench(options: MemoryBenchOptions): AsyncGenerator<MemoryBenchRow> {
  const o = checkOptions(options);
  const root = options.dir ?? await Deno.makeTempDir({ prefix: "automem_bench_" });
  try {
    for (const size of o.sizes) {
      const units = syntheticUnits(size, { dim: o.dim, seed: o.seed });
      const queries = Array.from(
        { length: o.queries },
        (_, i) => syntheticQuery(o.dim, `${o.seed}:q:${i}`),
      );
      const rng = createRng(`${o.seed}:text:${size}`);
      const texts = queries.map(() =>
        contentText(units[rng.int(size)]).split(" ").slice(0, 6).join(" ")
      );
      const matrix = new Float32Array(size * o.dim);
      units.forEach((u, i) => matrix.set(u.embedding!, i * o.dim));
      const scan = (i: number) => flatScanTopK(matrix, size, o.dim, queries[i], 10);
      const flatTimes = await timeEach(o.queries, scan);
      const work: Workload = { queries, texts, scan, flat: quantile(flatTimes, 0.5) };
      yield row("flat", size, "vector_top10", flatTimes, work.flat);
      for (const kind of o.stores) {
        if ((kind === "graph" || kind === "llm_graph") && size > o.graphMaxSize) continue;
        yield* benchStore(kind, size, units, work, o, join(root, `${kind}_${size}`));
      }
      if (size <= o.oramaVectorMaxSize) yield* benchOramaVectors(size, units, work, o);
    }
  } finally {
    if (!options.dir) await Deno.remove(root, { recursive: true });
  }
}

/** The queries of one size and its flat baseline. */
interface Workload {
  queries: Float32Array[];
  texts: string[];
  /** The bare flat scan for query i. */
  scan: (i: number) => unknown;
  /** p50 of the flat scan at this size. */
  flat: number;
}

async function* benchStore(
  kind: StoreKind,
  size: number,
  units: MemoryUnit[],
  work: Workload,
  o: Required<Omit<MemoryBenchOptions, "dir">>,
  dir: string,
): AsyncGenerator<MemoryBenchRow> {
  const { queries, texts, scan, flat } = work;
  const plan = {
    store: { kind, dir, embedding_dim: o.dim, cold_start_threshold: 20 },
  };
  const store: MemoryStore = await openStore(plan, {
    embedder: new HashEmbedder(o.dim),
    clock: logicalClock(),
  });
  try {
    const batches = Math.ceil(size / o.batchSize);
    const start = performance.now();
    const ingest = await timeEach(
      batches,
      (b) => store.add(units.slice(b * o.batchSize, (b + 1) * o.batchSize)),
    );
    yield row(kind, size, "ingest", ingest, flat, size / ((performance.now() - start) / 1000));
    const n = queries.length;
    const [plain, base] = await timePaired(n, (i) => store.vectorSearch(queries[i], 10), scan);
    yield row(kind, size, "vector_top10", plain, quantile(base, 0.5));
    const filter: UnitFilter = {
      types: ["tip", "insight"],
      excludeTaskIds: [units[0].source_task_id],
    };
    const [filtered, base2] = await timePaired(
      n,
      (i) => store.vectorSearch(queries[i], 10, filter),
      scan,
    );
    yield row(kind, size, "vector_top10_filtered", filtered, quantile(base2, 0.5));
    yield row(
      kind,
      size,
      "text_top10",
      await timeEach(n, (i) => store.textSearch(texts[i], 10)),
      flat,
    );
    if (store.graph) {
      const rng = createRng(`${o.seed}:edges:${size}`);
      const edges: GraphEdge[] = [];
      for (const u of units) {
        for (let j = 0; j < 5; j++) {
          const other = units[rng.int(size)];
          if (other.id !== u.id) {
            edges.push({
              source: `m:${u.id}`,
              target: `m:${other.id}`,
              type: "SIMILAR",
              weight: rng.next(),
            });
          }
        }
      }
      const t = performance.now();
      for (let i = 0; i < edges.length; i += 10000) {
        await store.graph.upsertEdges(edges.slice(i, i + 10000));
      }
      const seconds = (performance.now() - t) / 1000;
      yield row(kind, size, "edge_upsert", [seconds * 1000], flat, edges.length / seconds);
      const seeds = Array.from({ length: n }, () => `m:${units[rng.int(size)].id}`);
      const hood = store.graph.neighbourhood!;
      yield row(
        kind,
        size,
        "graph_2hop_similar",
        await timeEach(n, (i) => hood([seeds[i]], 2, ["SIMILAR"])),
        flat,
      );
      yield row(kind, size, "graph_2hop_all", await timeEach(n, (i) => hood([seeds[i]], 2)), flat);
    }
  } finally {
    await store.close();
  }
}

async function* benchOramaVectors(
  size: number,
  units: MemoryUnit[],
  work: Workload,
  o: Required<Omit<MemoryBenchOptions, "dir">>,
): AsyncGenerator<MemoryBenchRow> {
  const index = await OramaIndex.create({ text: false, vectorDim: o.dim });
  const start = performance.now();
  for (let i = 0; i < size; i += o.batchSize) {
    await index.upsert(
      units.slice(i, i + o.batchSize).map((u) => ({
        id: u.id,
        type: u.type,
        outcome: u.task_outcome,
        active: u.is_active,
        task: u.source_task_id,
        vector: u.embedding,
      })),
    );
  }
  const seconds = (performance.now() - start) / 1000;
  yield row("orama_native", size, "ingest", [seconds * 1000], work.flat, size / seconds);
  const [own, base] = await timePaired(
    work.queries.length,
    (i) => index.vectorSearch(work.queries[i], 10, undefined),
    work.scan,
  );
  yield row("orama_native", size, "vector_top10", own, quantile(base, 0.5));
}
