import assert from "node:assert/strict";
import { GraphIndex } from "./graph_index.ts";
import { compareEdges } from "./graph_reads.ts";
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
