import assert from "node:assert/strict";
import { condensePage, extractiveCondense } from "./condense.ts";

const table = [
  "# Sailings",
  "",
  "| From | To | Minutes |",
  "| --- | --- | --- |",
  ...Array.from({ length: 30 }, (_, i) => `| Port${i} | Harbour${i} | ${10 + i} |`),
  "| Tollhaven | Mossgate | 35 |",
  "",
  "Unrelated closing paragraph about seabirds and nesting seasons on the outer rocks.",
].join("\n");

Deno.test("extractive condenser keeps matching table rows under their header, in page order", () => {
  const out = extractiveCondense(table, "Mossgate minutes", 200);
  assert.ok(out.length <= 200, `${out.length} chars`);
  assert.match(out, /^# Sailings/);
  assert.match(
    out,
    /\| From \| To \| Minutes \|\n\| --- \| --- \| --- \|\n\| Tollhaven \| Mossgate \| 35 \|/,
  );
  assert.ok(!out.includes("seabirds"));
  assert.equal(extractiveCondense(table, "Mossgate minutes", 200), out, "deterministic");
});

Deno.test("extractive condenser marks gaps and returns short text unchanged", () => {
  const text = ["alpha one", "beta two", "gamma three", "delta four"].map((s) => s.repeat(10)).join(
    "\n\n",
  );
  const out = extractiveCondense(text, "gamma", 220);
  assert.match(out, /\[\.\.\.\]/);
  assert.equal(extractiveCondense("short", "x", 100), "short");
});

Deno.test("condensePage returns a page within budget whole without calling the model", async () => {
  const result = await condensePage("tiny page", { query: "q", url: "http://x/", maxChars: 100 });
  assert.deepEqual(result, { text: "tiny page", method: "whole" });
});
