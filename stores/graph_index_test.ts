import assert from "node:assert/strict";
import { GraphIndex } from "./graph_index.ts";
import { withTempDir } from "./store_conformance.ts";

Deno.test("GraphIndex mirrors survive reopen and deleting memories removes orphans", async () => {
  await withTempDir(async (dir) => {
    const memory = (id: string, task: string) => ({
      id,
      unit_type: "tip",
      created_at: "t",
      task: { id: task, query_text: "q", task_outcome: "" },
    });
    {
      const index = await GraphIndex.open(dir);
      await index.link({
        memories: [memory("m:a", "q:1"), memory("m:b", "q:2")],
        entities: [
          { id: "e:tag:shared", type: "tag", name: "shared", aliases: [], summary: "" },
          { id: "e:tag:only_a", type: "tag", name: "Only A", aliases: ["oa"], summary: "just a" },
        ],
        edges: [
          { source: "m:a", target: "e:tag:shared", type: "HAS_ENTITY", weight: 1 },
          { source: "m:b", target: "e:tag:shared", type: "HAS_ENTITY", weight: 1 },
          { source: "m:a", target: "e:tag:only_a", type: "HAS_ENTITY", weight: 1 },
          {
            source: "e:tag:only_a",
            target: "e:tag:shared",
            type: "PART_OF",
            weight: 1,
            fact: "a fact",
          },
          { source: "m:a", target: "m:b", type: "SIMILAR", weight: 1 },
        ],
        createdAt: "t",
      });
      assert.equal(index.derivedEdgeCount(), 2);
      await index.close();
    }
    const index = await GraphIndex.open(dir);
    try {
      assert.equal(index.derivedEdgeCount(), 2);
      assert.deepEqual(index.entity("e:tag:only_a"), {
        id: "e:tag:only_a",
        type: "tag",
        name: "Only A",
        aliases: ["oa"],
        summary: "just a",
      });
      assert.ok(index.hasEdge({ source: "m:a", target: "m:b", type: "SIMILAR" }));
      await index.deleteMemories(["m:a", "m:missing"]);
      assert.equal(index.hasNode("m:a"), false);
      assert.equal(index.hasNode("q:1"), false);
      assert.equal(index.hasNode("q:2"), true);
      assert.equal(index.hasNode("e:tag:only_a"), false);
      assert.equal(index.hasNode("e:tag:shared"), true);
      assert.equal(index.derivedEdgeCount(), 0);
      assert.deepEqual((await index.listEdges()).map((e) => e.type), ["HAS_ENTITY", "HAS_MEMORY"]);
    } finally {
      await index.close();
    }
  });
});
