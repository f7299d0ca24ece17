import assert from "node:assert/strict";
import type { GraphEdge } from "../../stores/store_port.ts";
import { GraphDouble } from "./graph_double.ts";

const edge = (source: string, target: string, type: string, weight = 1): GraphEdge => ({
  source,
  target,
  type,
  weight,
});

Deno.test("GraphDouble: upsert replaces an edge with the same source, target and type", async () => {
  const g = new GraphDouble();
  await g.upsertEdges([edge("m:a", "m:b", "SIMILAR", 0.5)]);
  await g.upsertEdges([edge("m:a", "m:b", "SIMILAR", 0.7)]);
  await g.upsertEdges([edge("m:a", "m:b", "COOCCURS")]);
  assert.deepEqual((await g.listEdges(["SIMILAR"])).map((e) => e.weight), [0.7]);
  assert.equal((await g.listEdges()).length, 2);
});

Deno.test("GraphDouble: neighbours of one node sort by node then type", async () => {
  const g = new GraphDouble();
  g.put([
    edge("m:a", "m:c", "SIMILAR"),
    edge("m:a", "m:b", "SIMILAR"),
    edge("m:b", "m:a", "COOCCURS"),
  ]);
  assert.deepEqual((await g.neighbours("m:a")).map((n) => `${n.node}/${n.type}/${n.direction}`), [
    "m:b/COOCCURS/in",
    "m:b/SIMILAR/out",
    "m:c/SIMILAR/out",
  ]);
  assert.deepEqual((await g.neighbours("m:a", ["COOCCURS"])).map((n) => n.node), ["m:b"]);
});

Deno.test("GraphDouble: edges handed out are copies", async () => {
  const g = new GraphDouble();
  g.put([edge("m:a", "m:b", "SIMILAR", 0.5)]);
  (await g.listEdges())[0].weight = 9;
  assert.equal((await g.listEdges())[0].weight, 0.5);
});

Deno.test("GraphDouble: removeEdges counts what it removed; dropNodes clears a node's edges", async () => {
  const g = new GraphDouble();
  g.put([
    edge("m:a", "m:b", "SIMILAR"),
    edge("q:t", "m:a", "HAS_MEMORY"),
    edge("m:b", "m:c", "SIMILAR"),
  ]);
  const key = { source: "m:a", target: "m:b", type: "SIMILAR" };
  assert.equal(await g.removeEdges([key, key]), 1);
  g.dropNodes(new Set(["m:a"]));
  assert.deepEqual((await g.listEdges()).map((e) => e.target), ["m:c"]);
  assert.equal(await g.derivedEdgeCount(), 1);
});

Deno.test("GraphDouble: linkEntities skips a name that normalises to nothing", async () => {
  const g = new GraphDouble();
  await g.linkEntities("a", [{ type: "tool", name: "!!!" }, { type: "Tool", name: "Grep" }]);
  assert.deepEqual((await g.listEdges()).map((e) => e.target), ["e:tool:grep"]);
  assert.equal(await g.derivedEdgeCount(), 0);
});
