import assert from "node:assert/strict";
import { findEntities, isEntityOf } from "./lexicon.ts";

Deno.test("entities are recognised by kind", () => {
  assert.deepEqual(
    findEntities("Please export the digest for Globex using dataset DS-4821 in eu-west."),
    {
      customer: "Globex",
      dataset: "DS-4821",
      region: "eu-west",
    },
  );
  assert.deepEqual(findEntities("Please export it."), {});
  assert.ok(isEntityOf("dataset", "DS-0001"));
  assert.ok(!isEntityOf("dataset", "<TARGET_ENTITY_2>-<VALUE>"));
  assert.ok(isEntityOf("region", "ca-central"));
  assert.ok(!isEntityOf("customer", "Please"));
});
