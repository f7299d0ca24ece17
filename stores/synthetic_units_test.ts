import assert from "node:assert/strict";
import { MemoryUnitSchema, unitSignature } from "../core/unit.ts";
import { syntheticQuery, syntheticUnits } from "./synthetic_units.ts";

Deno.test("syntheticUnits are valid, deterministic per seed and index, and unit-length", () => {
  const a = syntheticUnits(10, { dim: 8, seed: 7 });
  const b = syntheticUnits(5, { dim: 8, seed: 7 }, 5);
  assert.deepEqual(a.slice(5), b);
  assert.notDeepEqual(syntheticUnits(3, { dim: 8, seed: 8 }), a.slice(0, 3));
  for (const u of a) {
    MemoryUnitSchema.parse(u);
    assert.equal(u.signature, unitSignature(u.content));
    const n = Math.hypot(...u.embedding!);
    assert.ok(Math.abs(n - 1) < 1e-9);
  }
  assert.deepEqual(new Set(a.map((u) => u.type)).size, 5);
  assert.equal(syntheticUnits(1, { dim: 0, seed: 1 })[0].embedding, null);
  assert.deepEqual(syntheticQuery(4, "q"), syntheticQuery(4, "q"));
});
