import assert from "node:assert/strict";
import { join } from "node:path";
import { createRng } from "../core/rng.ts";
import { GraphIndex } from "./graph_index.ts";
import { compareEdges, kuzuNeighbourhood, kuzuNeighbours, listEdges } from "./graph_reads.ts";
import { KuzuGraph } from "./kuzu_adapter.ts";
import type { GraphEdge, Neighbour, Reached } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { withTempDir } from "./store_conformance.ts";

async function smallGraph(dir: string): Promise<GraphIndex> {
  const index = await GraphIndex.open(dir);
  const memory = (id: string) => ({
    id,
    unit_type: "tip",
    created_at: "t",
    task: { id: "q:t", query_text: "", task_outcome: "success" },
  });
  await index.link({
    memories: ["m:a", "m:b", "m:c", "m:d"].map(memory),
    entities: [{ id: "e:tag:x", type: "tag", name: "x", aliases: [], summary: "" }],
    edges: [
      { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 },
      { source: "m:b", target: "m:c", type: "COOCCURS", weight: 0.5 },
      { source: "m:c", target: "m:d", type: "SIMILAR", weight: 0.4 },
      { source: "m:a", target: "e:tag:x", type: "HAS_ENTITY", weight: 1 },
      { source: "m:d", target: "e:tag:x", type: "HAS_ENTITY", weight: 1 },
    ],
    createdAt: "t",
  });
  return index;
}

Deno.test("neighbourhood follows only the requested edge types, with hop distances", async () => {
  await withTempDir(async (dir) => {
    const index = await smallGraph(dir);
    try {
      assert.deepEqual(await index.neighbourhood(["m:a"], 2, ["SIMILAR"]), [{
        node: "m:b",
        hops: 1,
      }]);
      assert.deepEqual(await index.neighbourhood(["m:a"], 3, ["SIMILAR", "COOCCURS"]), [
        { node: "m:b", hops: 1 },
        { node: "m:c", hops: 2 },
        { node: "m:d", hops: 3 },
      ]);
      assert.deepEqual(await index.neighbourhood(["m:a"], 2, ["HAS_ENTITY"]), [{
        node: "e:tag:x",
        hops: 1,
      }, { node: "m:d", hops: 2 }]);
      assert.deepEqual(await index.neighbourhood(["m:a", "m:b"], 1, ["SIMILAR", "COOCCURS"]), [{
        node: "m:c",
        hops: 1,
      }]);
      assert.deepEqual((await index.neighbourhood(["m:a"], 1)).map((r) => r.node), [
        "e:tag:x",
        "m:b",
        "q:t",
      ]);
      assert.deepEqual(await index.neighbourhood(["m:a"], 0), []);
      await assert.rejects(
        index.neighbourhood(["m:a"], 2, ["SIMILAR'] OR true //"]),
        (e: unknown) => e instanceof StoreError && e.path.join(".") === "edgeTypes.0",
      );
      await assert.rejects(index.neighbourhood(["m:a"], 31), StoreError);
    } finally {
      await index.close();
    }
  });
});

Deno.test("neighbours lists both directions with weights; listEdges filters by type", async () => {
  await withTempDir(async (dir) => {
    const index = await smallGraph(dir);
    try {
      assert.deepEqual(await index.neighbours("m:b"), [
        { node: "m:a", type: "SIMILAR", weight: 0.9, direction: "in" },
        { node: "m:c", type: "COOCCURS", weight: 0.5, direction: "out" },
        { node: "q:t", type: "HAS_MEMORY", weight: 1, direction: "in" },
      ]);
      const similar = await index.listEdges(["SIMILAR"]);
      assert.deepEqual(similar.map((e) => `${e.source}>${e.target}`), ["m:a>m:b", "m:c>m:d"]);
      assert.deepEqual([...similar].sort(compareEdges), similar);
      assert.equal((await index.listEdges(["HAS_MEMORY"])).length, 4);
      await assert.rejects(index.neighbours("bad"), StoreError);
    } finally {
      await index.close();
    }
  });
});

/** Every read the mirror answers, over every node, for comparison with Kùzu's own answers. */
type ReadAll = {
  neighbours(node: string, types?: readonly string[]): Promise<Neighbour[]>;
  neighbourhood(seeds: readonly string[], hops: number, types?: readonly string[]): Promise<
    Reached[]
  >;
  listEdges(types?: readonly string[]): Promise<GraphEdge[]>;
};

async function readAll(g: ReadAll, nodes: readonly string[]): Promise<string> {
  const out: unknown[] = [await g.listEdges(), await g.listEdges(["SIMILAR", "HAS_ENTITY"])];
  for (const n of nodes) {
    out.push(await g.neighbours(n), await g.neighbours(n, ["SIMILAR", "DEPENDS"]));
    out.push(await g.neighbourhood([n], 3), await g.neighbourhood([n], 2, ["SIMILAR", "PART_OF"]));
  }
  out.push(await g.neighbourhood(nodes.slice(0, 3), 2, ["HAS_ENTITY", "COOCCURS"]));
  return JSON.stringify(out);
}

Deno.test("the in-memory mirror answers exactly what Kùzu answers after random writes and deletes", async () => {
  await withTempDir(async (dir) => {
    const rng = createRng("mirror-oracle");
    const mems = Array.from({ length: 10 }, (_, i) => `m:u${i}`);
    const ents = ["e:tag:a", "e:tag:b", "e:tool:c"];
    const types = ["SIMILAR", "COOCCURS", "DEPENDS", "REINFORCES"];
    const pick = <T>(xs: readonly T[]) => xs[rng.int(xs.length)];
    const index = await GraphIndex.open(dir);
    let live: string;
    try {
      await index.link({
        memories: mems.map((id, i) => ({
          id,
          unit_type: "tip",
          created_at: "t",
          task: { id: `q:t${i % 4}`, query_text: "", task_outcome: "success" },
        })),
        entities: ents.map((id) => ({ id, type: "tag", name: id, aliases: [], summary: "" })),
        edges: [
          ...mems.map((m) => ({ source: m, target: pick(ents), type: "HAS_ENTITY", weight: 1 })),
          ...ents.map((e) => ({ source: mems[1], target: e, type: "HAS_ENTITY", weight: 1 })),
          { source: "e:tag:a", target: "e:tool:c", type: "PART_OF", weight: 0.5, fact: "a in c" },
          { source: "e:tag:b", target: "e:tag:b", type: "SAME_AS", weight: 1, fact: "" },
        ],
        createdAt: "t",
      });
      for (let round = 0; round < 6; round++) {
        await index.upsertEdges(Array.from({ length: 8 }, () => ({
          source: pick(mems),
          target: pick(mems),
          type: pick(types),
          weight: Math.round(rng.next() * 1000) / 1000,
          ...(rng.int(2) ? { usage_count: rng.int(5), feedback_multiplier: 1.1 } : {}),
        })));
        const edges = await index.listEdges(types);
        await index.removeEdges(edges.filter(() => rng.int(4) === 0));
      }
      // Updates of existing keys: new weights, statistics dropped or added, a fact rewritten
      // (fact edges have no statistics column, so usage_count must not survive).
      const [first] = await index.listEdges(types);
      await index.upsertEdges([
        { ...first, weight: 0.25, usage_count: 7, success_count: 2 },
        {
          source: "e:tag:a",
          target: "e:tool:c",
          type: "PART_OF",
          weight: 2,
          fact: "new",
          usage_count: 3,
        },
        { source: mems[1], target: mems[2], type: "SIMILAR", weight: 0.125, base_weight: 0.5 },
      ]);
      await index.upsertEdges([{
        source: mems[1],
        target: mems[2],
        type: "SIMILAR",
        weight: 0.375,
      }]);
      await index.deleteMemories([mems[0], mems[5]]);
      live = await readAll(index, [...mems, ...ents, "q:t0", "q:t1"]);
    } finally {
      await index.close();
    }
    const db = await KuzuGraph.open(join(dir, "graph.kuzu"));
    try {
      const kuzu: ReadAll = {
        neighbours: (n, t) => kuzuNeighbours(db, n, t),
        neighbourhood: (s, h, t) => kuzuNeighbourhood(db, s, h, t),
        listEdges: (t) => listEdges(db, t),
      };
      assert.equal(await readAll(kuzu, [...mems, ...ents, "q:t0", "q:t1"]), live);
    } finally {
      await db.close();
    }
    const reopened = await GraphIndex.open(dir);
    try {
      assert.equal(await readAll(reopened, [...mems, ...ents, "q:t0", "q:t1"]), live);
    } finally {
      await reopened.close();
    }
  });
});
