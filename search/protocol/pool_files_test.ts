import assert from "node:assert/strict";
import { MemoryUnitSchema, unitSignature } from "../../core/unit.ts";
import { spec } from "../testing/specs.ts";
import { importViewFor, poolFromSnapshot, poolSha, poolStats } from "./pool_files.ts";

const unit = (id: string, type: string, active = true) => {
  const content = { principle: id };
  return MemoryUnitSchema.parse({
    id,
    type,
    signature: unitSignature(content),
    content,
    source_task_id: "t",
    task_outcome: "success",
    created_at: "2026-01-01T00:00:00.000Z",
    is_active: active,
    embedding: [0.1, 0.2],
  });
};

Deno.test("pool files are sorted, embedding-free and hash stably", () => {
  const a = poolFromSnapshot({ units: [unit("b", "tip"), unit("a", "workflow")], edges: [] }, [
    "warmup",
  ], []);
  assert.deepEqual(a.units.map((u) => u.id), ["a", "b"]);
  assert.ok(a.units.every((u) => u.embedding === null));
  const b = poolFromSnapshot({ units: [unit("a", "workflow"), unit("b", "tip")], edges: [] }, [
    "warmup",
  ], []);
  assert.equal(poolSha(a), poolSha(b));
});

Deno.test("a candidate imports only active units of the types it encodes, and edges among them", () => {
  const pool = poolFromSnapshot(
    {
      units: [unit("a", "tip"), unit("b", "workflow"), unit("c", "tip", false)],
      edges: [
        { source: "m:a", target: "m:b", type: "SIMILAR", weight: 1 },
        { source: "m:a", target: "e:tool:x", type: "HAS_ENTITY", weight: 1 },
      ],
    },
    [],
    [],
  );
  const view = importViewFor(pool, spec("tip/graph/graph/lightweight"));
  assert.deepEqual(view.units.map((u) => u.id), ["a"]);
  assert.deepEqual(view.edges.map((e) => e.type), ["HAS_ENTITY"]);
  assert.deepEqual(poolStats(pool), { total_units: 2, by_type: { tip: 1, workflow: 1 } });
});
