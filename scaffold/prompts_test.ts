import assert from "node:assert/strict";
import { fillTemplate } from "./prompts.ts";

Deno.test("a filled template folds blank lines of empty placeholders but keeps a map's blank rows", () => {
  const out = fillTemplate("A\n\n{{empty}}\n\n\nB\n{{map}}\nC", { map: "row0\n\n\n\nrow4" });
  assert.equal(out, "A\n\nB\nrow0\n\n\n\nrow4\nC\n");
});
