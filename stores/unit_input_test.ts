import assert from "node:assert/strict";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, TEST_DIM } from "./store_conformance.ts";
import { materialize, parseUnit, parseUnits, sameVector } from "./unit_input.ts";

Deno.test("parseUnit strips the embedding into a float32 vector and freezes a copy of the content", () => {
  const [u] = fixtureUnits(1);
  const input = { ...u, content: { ...u.content, nested: { list: [1, 2] } } };
  const { unit, vector } = parseUnit(input, TEST_DIM, ["units", 0]);
  assert.equal(unit.embedding, null);
  assert.deepEqual([...vector!], [...Float32Array.from(u.embedding!)]);
  assert.notEqual(unit.content, input.content);
  assert.throws(() => {
    (unit.content.nested as { list: number[] }).list.push(3);
  }, TypeError);
  (input.content.nested as { list: number[] }).list.push(3); // the caller's copy stays theirs
});

Deno.test("parseUnit names the offending field", () => {
  const [u] = fixtureUnits(1);
  const fails = (input: unknown, code: string, path: string) =>
    assert.throws(
      () => parseUnits([input], TEST_DIM),
      (e: unknown) => e instanceof StoreError && e.code === code && e.path.join(".") === path,
    );
  fails({ ...u, type: "note" }, "invalid_unit", "units.0.type");
  fails({ ...u, embedding: [1, 2, 3] }, "embedding_dim", "units.0.embedding");
  fails(
    { ...u, embedding: u.embedding!.map((x, i) => (i === 2 ? Number.NaN : x)) },
    "invalid_unit",
    "units.0.embedding.2",
  );
  fails({ ...u, embedding: "abc" }, "invalid_unit", "units.0.embedding");
  fails(null, "invalid_unit", "units.0");
});

Deno.test("materialize returns caller-owned arrays and attaches the vector", () => {
  const [u] = fixtureUnits(1);
  const { unit, vector } = parseUnit(u, TEST_DIM, []);
  const out = materialize(unit, vector!);
  out.use_when.push("x");
  out.relations.push({ target_id: "t", relation_type: "similar", weight: 1, annotation: "" });
  assert.deepEqual(unit.use_when, u.use_when);
  assert.deepEqual(unit.relations, []);
  assert.deepEqual(out.embedding, Array.from(vector!));
  assert.equal(materialize(unit, undefined).embedding, null);
});

Deno.test("sameVector compares element-wise and treats two absent vectors as equal", () => {
  assert.equal(sameVector(null, undefined), true);
  assert.equal(sameVector(Float32Array.from([1]), null), false);
  assert.equal(sameVector(Float32Array.from([1, 2]), Float32Array.from([1, 2])), true);
  assert.equal(sameVector(Float32Array.from([1, 2]), Float32Array.from([1, 3])), false);
});
