import assert from "node:assert/strict";
import type { RetrievePlan } from "../core/compiler.ts";
import { RetrieverConfigError } from "./errors.ts";
import { countParam, numberParam, stringListParam, weightParam } from "./params.ts";

const plan = (
  params: RetrievePlan["params"],
  kind: RetrievePlan["kind"] = "hybrid",
): RetrievePlan => ({
  kind,
  top_k: 4,
  params,
});

Deno.test("params: a plan value wins, an absent key falls back to the compiler default", () => {
  assert.equal(weightParam(plan({ semantic_weight: 0.8 }), "semantic_weight"), 0.8);
  assert.equal(weightParam(plan({}), "keyword_weight"), 0.7);
  assert.deepEqual(
    stringListParam(plan({}, "graph"), "expand_edge_types").includes("SIMILAR"),
    true,
  );
});

Deno.test("params: an unknown key without default is a missing_param error", () => {
  assert.throws(
    () => numberParam(plan({}), "nope"),
    (e) =>
      e instanceof RetrieverConfigError && e.code === "missing_param" && e.field === "params.nope",
  );
});

Deno.test("params: wrong types and out-of-range values name the field and the reason", () => {
  assert.throws(
    () => weightParam(plan({ semantic_weight: "high" }), "semantic_weight"),
    /params.semantic_weight: expected a finite number, got "high"/,
  );
  assert.throws(() => countParam(plan({ sub_k_min: 2.5 }), "sub_k_min"), /expected an integer/);
  assert.throws(() => countParam(plan({ sub_k_min: 0 }), "sub_k_min"), /must be >= 1/);
  assert.throws(
    () => numberParam(plan({ x: 0 }), "x", { min: 0, minExclusive: true }),
    /must be > 0/,
  );
  assert.throws(() => numberParam(plan({ x: 2 }), "x", { max: 1 }), /must be <= 1/);
  assert.throws(() => stringListParam(plan({ t: ["A", ""] }), "t"), /list of non-empty strings/);
});
