import assert from "node:assert/strict";
import { planEdges } from "./graph_edges.ts";
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
