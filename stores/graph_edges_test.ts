import assert from "node:assert/strict";
import { EdgeMirror, planEdges, planRemovals, storedEdge } from "./graph_edges.ts";
import type { EdgeTable } from "./graph_schema.ts";
import { StoreError } from "./store_error.ts";

Deno.test("planEdges splits new and existing keys, last duplicate wins, structural repeats are no-ops", () => {
  const existing = new Map<string, EdgeTable>([
    ["m:a\u0000m:b\u0000SIMILAR", "DERIVED"],
    ["m:a\u0000e:t:x\u0000HAS_ENTITY", "HAS_ENTITY"],
  ]);
  const plan = planEdges(
    existing,
    [
      { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.1 },
      { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 },
      { source: "m:a", target: "e:t:x", type: "HAS_ENTITY", weight: 1 },
      { source: "m:b", target: "m:a", type: "DEPENDS", weight: 1 },
    ],
    () => true,
    false,
  );
  assert.deepEqual([...plan.updates.values()].map(([t, e]) => [t, e.weight]), [["DERIVED", 0.9]]);
  assert.deepEqual([...plan.inserts.values()].map(([t, e]) => [t, e.type]), [[
    "RELATION",
    "DEPENDS",
  ]]);
});

Deno.test("planEdges rejects or skips edges whose endpoints do not exist", () => {
  const edges = [
    { source: "m:a", target: "m:b", type: "SIMILAR", weight: 1 },
    { source: "m:a", target: "m:zzz", type: "SIMILAR", weight: 1 },
  ];
  const known = (id: string) => id !== "m:zzz";
  assert.throws(
    () => planEdges(new Map(), edges, known, false),
    (e: unknown) =>
      e instanceof StoreError && e.code === "unknown_node" && e.path.join(".") === "edges.1.target",
  );
  assert.equal(planEdges(new Map(), edges, known, true).inserts.size, 1);
  assert.throws(
    () =>
      planEdges(
        new Map(),
        [{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 1, usage_count: Infinity }],
        known,
        false,
      ),
    (e: unknown) => e instanceof StoreError && e.path.join(".") === "edges.0.usage_count",
  );
});

function mirrorOf(edges: [string, string, string, number][]): EdgeMirror {
  const mirror = new EdgeMirror();
  for (const [source, target, type, weight] of edges) {
    const plan = planEdges(mirror, [{ source, target, type, weight }], () => true, false);
    mirror.apply(plan);
  }
  return mirror;
}

Deno.test("EdgeMirror keeps adjacency and the derived count in step with puts and deletes", () => {
  const m = mirrorOf([
    ["q:t", "m:a", "HAS_MEMORY", 1],
    ["m:a", "m:b", "SIMILAR", 0.5],
    ["m:b", "m:c", "DEPENDS", 1],
    ["m:a", "e:tag:x", "HAS_ENTITY", 1],
  ]);
  assert.equal(m.size, 4);
  assert.equal(m.derivedCount(), 2);
  m.put("DERIVED", { source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.75 });
  assert.equal(m.derivedCount(), 2, "replacing a key does not count it twice");
  assert.deepEqual(m.neighbours("m:b"), [
    { node: "m:a", type: "SIMILAR", weight: 0.75, direction: "in" },
    { node: "m:c", type: "DEPENDS", weight: 1, direction: "out" },
  ]);
  m.deleteNode("m:a");
  assert.equal(m.size, 1);
  assert.equal(m.derivedCount(), 1);
  assert.deepEqual(m.neighbours("q:t"), []);
  assert.equal(m.delete("m:b\u0000m:c\u0000DEPENDS"), true);
  assert.equal(m.delete("m:b\u0000m:c\u0000DEPENDS"), false);
  assert.equal(m.derivedCount(), 0);
  assert.deepEqual(m.neighbours("m:b"), []);
});

Deno.test("EdgeMirror reports a self-loop in both directions and hands out copies", () => {
  const m = mirrorOf([["m:a", "m:a", "SIMILAR", 1]]);
  assert.deepEqual(m.neighbours("m:a").map((n) => n.direction), ["in", "out"]);
  assert.deepEqual(m.reach(["m:a"], 2), []);
  m.list()[0].weight = 9;
  assert.equal(m.list()[0].weight, 1);
  assert.throws(
    () => m.neighbours("x"),
    (e: unknown) => e instanceof StoreError && e.path.join(".") === "node",
  );
});

Deno.test("EdgeMirror.reach gives each node its least distance to any seed, seeds excluded", () => {
  const m = mirrorOf([
    ["m:a", "m:b", "SIMILAR", 1],
    ["m:b", "m:c", "SIMILAR", 1],
    ["m:d", "m:c", "COOCCURS", 1],
    ["m:c", "m:e", "DEPENDS", 1],
  ]);
  assert.deepEqual(m.reach(["m:a", "m:d"], 2), [
    { node: "m:b", hops: 1 },
    { node: "m:c", hops: 1 },
    { node: "m:e", hops: 2 },
  ]);
  assert.deepEqual(m.reach(["m:a"], 5, ["SIMILAR"]), [
    { node: "m:b", hops: 1 },
    { node: "m:c", hops: 2 },
  ]);
  assert.deepEqual(m.reach(["m:a"], 3, []), []);
  const bad = (fn: () => unknown, path: string) =>
    assert.throws(fn, (e: unknown) => e instanceof StoreError && e.path.join(".") === path);
  bad(() => m.reach(["m:a"], 31), "maxHops");
  bad(() => m.reach(["m:a"], 1.5), "maxHops");
  bad(() => m.reach(["m:a"], 1, ["SIMILAR", "x) OR 1=1"]), "edgeTypes.1");
  bad(() => m.reach(["m:a", "zz"], 1), "seeds.1");
});

Deno.test("storedEdge is the read-back form: structural weight 1, stats only on memory edges", () => {
  assert.deepEqual(
    storedEdge("HAS_ENTITY", {
      source: "m:a",
      target: "e:t:x",
      type: "HAS_ENTITY",
      weight: 5,
      usage_count: 1,
    }),
    { source: "m:a", target: "e:t:x", type: "HAS_ENTITY", weight: 1 },
  );
  assert.deepEqual(
    storedEdge("FACT", { source: "e:t:x", target: "e:t:y", type: "P", weight: 2, usage_count: 1 }),
    { source: "e:t:x", target: "e:t:y", type: "P", weight: 2, fact: "" },
  );
  assert.deepEqual(
    storedEdge("DERIVED", {
      feedback_multiplier: 1.5,
      source: "m:a",
      target: "m:b",
      type: "SIMILAR",
      weight: -0,
      usage_count: 2,
    }),
    {
      source: "m:a",
      target: "m:b",
      type: "SIMILAR",
      weight: 0,
      usage_count: 2,
      feedback_multiplier: 1.5,
    },
  );
});

Deno.test("planRemovals validates every key and keeps only existing ones", () => {
  const m = mirrorOf([["m:a", "m:b", "SIMILAR", 1]]);
  const plan = planRemovals(m, [
    { source: "m:a", target: "m:b", type: "SIMILAR" },
    { source: "m:a", target: "m:b", type: "COOCCURS" },
  ]);
  assert.deepEqual([...plan.values()].map(([t]) => t), ["DERIVED"]);
  assert.throws(
    () => planRemovals(m, [{ source: "m:a", target: "m:b", type: "HAS_ENTITY" }]),
    (e: unknown) =>
      e instanceof StoreError && e.code === "invalid_edge" && e.path.join(".") === "keys.0",
  );
});
