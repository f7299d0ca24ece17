import assert from "node:assert/strict";
import { simplePlan } from "./fixtures.ts";

Deno.test("simplePlan: tip/json/hybrid/lightweight with the given dimension and directory", () => {
  const plan = simplePlan("/tmp/x", 16);
  assert.equal(plan.store.kind, "json");
  assert.equal(plan.retrieve.kind, "hybrid");
  assert.equal(plan.manage.preset, "lightweight");
  assert.equal(plan.store.embedding_dim, 16);
  assert.ok(plan.store.dir.startsWith("/tmp/x"), plan.store.dir);
  assert.equal(simplePlan().store.embedding_dim, 32);
});
