import assert from "node:assert/strict";
import { FLAG_TOOLS, GOAL_TOOLS, producerOf, TOOL_BY_NAME, TOOLS, toolSpec } from "./tools.ts";

Deno.test("the catalogue has about fifteen tools with unambiguous states and phrases", () => {
  assert.equal(TOOLS.length, 16);
  assert.equal(
    new Set(TOOLS.map((t) => t.produces)).size,
    TOOLS.length,
    "a state names one producer",
  );
  for (const t of TOOLS) assert.equal(producerOf(t.produces), t);
  const phrases = TOOLS.flatMap((t) => t.phrases);
  assert.equal(new Set(phrases).size, phrases.length, "a phrase names one tool");
  for (const g of [...GOAL_TOOLS, ...FLAG_TOOLS]) assert.ok(TOOL_BY_NAME.has(g));
  for (const f of FLAG_TOOLS) assert.ok(toolSpec(f).args.some((a) => a.kind === "flag"));
});

Deno.test("choice values are snake_case identifiers unique across the catalogue", () => {
  const values = TOOLS.flatMap((t) =>
    t.args.flatMap((a) => a.kind === "choice" ? [...a.values] : [])
  );
  assert.equal(new Set(values).size, values.length);
  for (const v of values) assert.match(v, /^[a-z]+_[a-z_]+$/);
});

Deno.test("unknown tools raise a typed error", () => {
  assert.throws(() => toolSpec("teleport"), RangeError);
});
