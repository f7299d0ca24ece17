import assert from "node:assert/strict";
import { isAutomemError } from "../core/automem_error.ts";
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

Deno.test("a graph database held by another process is store_busy, with no advice to repair", async () => {
  const dir = await Deno.makeTempDir();
  const holder = `import { GraphIndex } from ${
    JSON.stringify(new URL("./graph_index.ts", import.meta.url).href)
  };
await GraphIndex.open(${JSON.stringify(dir)});
console.log("held");
for await (const _ of Deno.stdin.readable) { /* hold until the test closes stdin */ }`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--config", new URL("../deno.json", import.meta.url).pathname, holder],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  try {
    const reader = child.stdout.getReader();
    const first = await reader.read();
    assert.match(new TextDecoder().decode(first.value), /held/);
    reader.releaseLock();
    const error = await GraphIndex.open(dir).then(() => undefined, (e) => e);
    assert.ok(isAutomemError(error, "store_busy"), String(error));
    assert.doesNotMatch(error.message, /repair/);
  } finally {
    await child.stdin.close();
    await child.stdout.cancel();
    await child.status;
    await Deno.remove(dir, { recursive: true });
  }
});
