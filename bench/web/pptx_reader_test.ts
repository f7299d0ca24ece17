import assert from "node:assert/strict";
import { pptxToMarkdown, writePptx } from "./pptx_reader.ts";
import { zipFiles } from "./zip_reader.ts";

Deno.test("a .pptx deck reads slide by slide in number order, with entities and notes", () => {
  const slides = Array.from({ length: 10 }, (_, i) => [`Slide text ${i + 1}`]);
  slides[1] = ["Budget", "Lamps & lenses: 1,840 HC"];
  const text = pptxToMarkdown(writePptx(slides, { 2: ["Mention the 1911 refit"] }));
  assert.deepEqual(text.match(/## Slide \d+/g)?.slice(-2), ["## Slide 9", "## Slide 10"]);
  assert.match(text, /## Slide 2\n\nBudget\nLamps & lenses: 1,840 HC\n\nNotes: Mention the 1911/);
});

Deno.test("a zip without slides is not a deck", () => {
  assert.throws(() => pptxToMarkdown(zipFiles({ "a.txt": "x" })), /no slides/);
});
