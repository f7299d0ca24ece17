import assert from "node:assert/strict";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";
import { createRng } from "../core/rng.ts";
import { ENCODE_TYPES } from "../core/space.ts";
import type { UnitFilter } from "./store_port.ts";
import { compileFilter } from "./unit_filter.ts";
import { parseUnits } from "./unit_input.ts";
import { UnitTable } from "./unit_table.ts";

Deno.test("UnitTable keeps store order, signatures and vectors across reopen", async () => {
  await withTempDir(async (dir) => {
    const units = fixtureUnits(4);
    {
      const table = await UnitTable.open({ dir, dim: TEST_DIM });
      const changes = await table.put(parseUnits(units, TEST_DIM));
      assert.ok(changes.every((c) => c.previous === undefined));
      const again = await table.put([{
        unit: { ...parseUnits([units[1]], TEST_DIM)[0].unit, confidence: 0.1 },
        vector: null,
      }]);
      assert.equal(again[0].previous?.unit.confidence, units[1].confidence);
      assert.equal(table.vectorOf(units[1].id), undefined);
      await table.purge([units[0].id]);
    }
    const table = await UnitTable.open({ dir, dim: TEST_DIM });
    assert.deepEqual([...table.slots()].map((s) => s.unit.id), units.slice(1).map((u) => u.id));
    assert.equal(table.get(units[1].id)?.unit.confidence, 0.1);
    assert.equal(table.vectors.size, 2);
    assert.deepEqual(table.bySignature(units[2].signature).map((s) => s.unit.id), [units[2].id]);
    assert.deepEqual(table.bySignature(units[0].signature), []);
    assert.ok(table.get(units[3].id)!.text.length > 0);
  });
});

Deno.test("tagFilter accepts exactly the units compileFilter accepts", async () => {
  await withTempDir(async (dir) => {
    const table = await UnitTable.open({ dir, dim: TEST_DIM });
    const units = fixtureUnits(40).map((u, i) => ({
      ...u,
      is_active: i % 4 !== 0,
      task_outcome: (["", "success", "failure"] as const)[i % 3],
    }));
    const rng = createRng("tags");
    for (let round = 0; round < 60; round++) {
      const filter: UnitFilter = {};
      if (rng.int(2)) filter.activeOnly = rng.int(2) === 1;
      if (rng.int(2)) filter.types = ENCODE_TYPES.filter(() => rng.int(2) === 1);
      if (rng.int(2)) {
        filter.outcomes = (["", "success", "failure"] as const).filter(() => rng.int(2) === 1);
      }
      if (rng.int(2)) filter.excludeTaskIds = [units[rng.int(40)].source_task_id, "unknown-task"];
      const want = units.filter(compileFilter(filter)).map((u) => u.id);
      const accept = table.tagFilter(filter);
      assert.deepEqual(
        units.filter((u) => accept(table.tagOf(u), u.id)).map((u) => u.id),
        want,
        JSON.stringify(filter),
      );
    }
  });
});
