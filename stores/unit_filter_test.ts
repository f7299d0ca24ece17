import assert from "node:assert/strict";
import { StoreError } from "./store_error.ts";
import { fixtureUnits } from "./store_conformance.ts";
import { compileFilter, isActiveOnly } from "./unit_filter.ts";

Deno.test("compileFilter applies every field, activeOnly defaulting to true", () => {
  const [a, b, c] = fixtureUnits(3);
  const units = [a, { ...b, is_active: false }, { ...c, task_outcome: "" as const }];
  const ids = (f: Parameters<typeof compileFilter>[0]) =>
    units.filter(compileFilter(f)).map((u) => u.id);
  assert.deepEqual(ids(undefined), [a.id, c.id]);
  assert.deepEqual(ids({ activeOnly: false }), [a.id, b.id, c.id]);
  assert.deepEqual(ids({ types: [a.type] }), [a.id]);
  assert.deepEqual(ids({ outcomes: [""] }), [c.id]);
  assert.deepEqual(
    ids({ excludeTaskIds: [a.source_task_id] }),
    units.filter((u) => u.is_active && u.source_task_id !== a.source_task_id).map((u) => u.id),
  );
  assert.deepEqual(ids({ types: [] }), []);
});

Deno.test("compileFilter rejects unknown values naming the field", () => {
  assert.throws(
    () => compileFilter({ outcomes: ["won" as "success"] }),
    (e: unknown) => e instanceof StoreError && e.path.join(".") === "filter.outcomes.0",
  );
});

Deno.test("isActiveOnly recognises the default filter only", () => {
  assert.equal(isActiveOnly(undefined), true);
  assert.equal(isActiveOnly({ activeOnly: true, excludeTaskIds: [] }), true);
  assert.equal(isActiveOnly({ types: ["tip"] }), false);
  assert.equal(isActiveOnly({ activeOnly: false }), false);
});
