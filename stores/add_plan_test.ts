import assert from "node:assert/strict";
import { planAdd } from "./add_plan.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";
import { parseUnits } from "./unit_input.ts";
import { UnitTable } from "./unit_table.ts";

Deno.test("planAdd dedups within the batch and against active units, and reactivates dormant ones", async () => {
  await withTempDir(async (dir) => {
    const table = await UnitTable.open({ dir, dim: TEST_DIM });
    const [a, b, c] = fixtureUnits(3);
    await table.put(parseUnits([a, { ...b, is_active: false }], TEST_DIM));
    const batch = parseUnits([
      { ...a, id: "a2" },
      { ...b, id: "b2", confidence: 0.42 },
      { ...b, id: "b3" },
      c,
      { ...c, id: "c2" },
      { ...c, id: "c-off", is_active: false },
    ], TEST_DIM);
    const plan = planAdd(table, batch);
    assert.deepEqual(plan.result.added, [c.id, "c-off"]);
    assert.deepEqual(plan.result.deduped, [
      { id: "a2", existingId: a.id },
      { id: "b2", existingId: b.id },
      { id: "b3", existingId: b.id },
      { id: "c2", existingId: c.id },
    ]);
    assert.deepEqual(plan.result.reactivated, [b.id]);
    assert.deepEqual(plan.inserted, [c.id, "c-off"]);
    const revived = plan.puts.find((p) => p.unit.id === b.id)!.unit;
    assert.equal(revived.is_active, true);
    assert.equal(revived.confidence, 0.42);
    assert.equal(revived.created_at, b.created_at);
  });
});
