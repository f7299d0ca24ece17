import assert from "node:assert/strict";
import { promptDigests, renderTemplate, SEARCH_PROMPTS } from "./prompts.ts";

Deno.test("templates substitute values and cannot be injected through them", () => {
  assert.equal(
    renderTemplate("a {{x}} b {{ y }} c {{missing}}", { x: 1, y: { k: "v" } }),
    'a 1 b {\n "k": "v"\n} c ',
  );
  assert.equal(renderTemplate("{{x}}", { x: "{{secret}}" }), "{ {secret} }");
});

Deno.test("every search prompt is packaged and digested", () => {
  for (
    const name of [
      "architecture_search",
      "ledger_update",
      "diagnosis_reasoning",
      "diagnosis_layers",
      "diagnosis_candidate",
      "diagnosis_round",
    ]
  ) {
    assert.ok(SEARCH_PROMPTS[name].length > 100, name);
  }
  assert.match(SEARCH_PROMPTS.architecture_search, /bottleneck → evidence → action/);
  assert.notEqual(
    promptDigests({ architecture_search: "x" }).architecture_search,
    promptDigests().architecture_search,
  );
});
