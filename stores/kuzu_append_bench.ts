/**
 * `deno bench -A stores/kuzu_append_bench.ts`: one memory write (a task, 3 memories, 4 entities,
 * 12 HAS_ENTITY and 3 SIMILAR edges in one transaction) appended through CREATE statements, the
 * default below {@linkcode COPY_MIN_ROWS}, against the same write through CSV COPY; and a bulk
 * load of 20,000 edges both ways, where COPY is the default. Each group's baseline is the
 * previous behaviour (COPY for everything).
 *
 * @module
 */
import { KuzuGraph } from "./kuzu_adapter.ts";
import { COPY_MIN_ROWS } from "./kuzu_append.ts";
import { GRAPH_DDL } from "./graph_schema.ts";

const root = await Deno.makeTempDir({ prefix: "automem_kuzu_append_bench_" });
globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));

async function graph(name: string, copyMinRows: number): Promise<KuzuGraph> {
  const g = await KuzuGraph.open(`${root}/${name}.kuzu`, {
    bufferPoolBytes: 256 * 1024 * 1024,
    copyMinRows,
  });
  for (const ddl of GRAPH_DDL) await g.query(ddl);
  return g;
}

let write = 0;
async function memoryWrite(g: KuzuGraph): Promise<void> {
  const i = write++;
  const mems = [0, 1, 2].map((j) => `m:${i}-${j}`);
  const ents = [0, 1, 2, 3].map((j) => `e:${i}-${j}`);
  await g.transaction(async (tx) => {
    await tx.append("Task", [[`q:${i}`, "what to do", "success", "t0"]]);
    await tx.append("Entity", ents.map((e) => [e, "object", e, "[]", "", "t0"]));
    await tx.append("Memory", mems.map((m) => [m, "insight", "t0"]));
    await tx.append("HAS_MEMORY", mems.map((m) => [`q:${i}`, m]));
    await tx.append("HAS_ENTITY", mems.flatMap((m) => ents.map((e) => [m, e])));
    await tx.append("DERIVED", mems.map((m) => [m, mems[0], "SIMILAR", "0.5", "{}"]));
  });
}

let bulk = 0;
async function bulkEdges(g: KuzuGraph): Promise<void> {
  const i = bulk++;
  const mems = Array.from({ length: 200 }, (_, j) => `m:b${i}-${j}`);
  await g.transaction(async (tx) => {
    await tx.append("Memory", mems.map((m) => [m, "insight", "t0"]));
    await tx.append(
      "DERIVED",
      mems.flatMap((m, j) =>
        Array.from({ length: 100 }, (_, k) => [m, mems[(j + k + 1) % 200], "SIMILAR", "1", ""])
      ),
    );
  });
}

let graphs = 0;
/** One iteration: a fresh graph (untimed), the timed write, and a clean close. */
function bench(write: (g: KuzuGraph) => Promise<void>, copyMinRows: number) {
  return async (b: Deno.BenchContext) => {
    const g = await graph(`g${graphs++}`, copyMinRows);
    try {
      await write(g); // the first write also reads the catalog; steady state is what is timed
      b.start();
      await write(g);
      b.end();
    } finally {
      await g.close();
    }
  };
}

Deno.bench(
  "memory write via COPY (previous)",
  { group: "write", baseline: true, n: 20 },
  bench(memoryWrite, 1),
);
Deno.bench(
  "memory write via CREATE (default)",
  { group: "write", n: 20 },
  bench(memoryWrite, COPY_MIN_ROWS),
);
Deno.bench(
  "20k edges via COPY (default)",
  { group: "bulk", baseline: true, n: 3 },
  bench(bulkEdges, COPY_MIN_ROWS),
);
Deno.bench("20k edges via CREATE", { group: "bulk", n: 3 }, bench(bulkEdges, 1_000_000));
