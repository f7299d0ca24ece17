import assert from "node:assert/strict";
import { RETRIEVER_DEFAULTS } from "../../core/compiler.ts";
import { cosine } from "../../core/vectors.ts";
import { makeUnit, planFor, TableEmbedder, vec } from "./fixtures.ts";

Deno.test("vec: cosine between an axis and its tilt is cos(tilt)", () => {
  assert.ok(Math.abs(cosine(vec(0), vec(0, 0.4)) - Math.cos(0.4)) < 1e-12);
});

Deno.test("makeUnit / planFor: valid units and plans with overrides over the defaults", () => {
  const u = makeUnit("x", { text: "hello", vector: vec(1) });
  assert.equal(u.content.principle, "hello");
  assert.equal(u.embedding!.length, 8);
  assert.match(u.signature, /^[0-9a-f]{16}$/);
  const plan = planFor("mmr", { lambda: 0.9 });
  assert.equal(plan.params.lambda, 0.9);
  assert.equal(plan.params.candidate_pool_min, RETRIEVER_DEFAULTS.mmr.candidate_pool_min);
});

Deno.test("TableEmbedder: unknown text fails loudly", async () => {
  await assert.rejects(() => new TableEmbedder({}).embed(["nope"]), /no vector for "nope"/);
});
