import assert from "node:assert/strict";
import { pdfPages, pdfText } from "./pdf_text.ts";
import { writeTextPdf } from "./pdf_writer.ts";
import { WebToolError } from "./web_error.ts";

Deno.test("PDF text comes back page by page from a written PDF", async () => {
  const lines = Array.from({ length: 60 }, (_, i) => `Line number ${i + 1}`);
  const bytes = await writeTextPdf("Report", lines);
  const pages = await pdfPages(bytes);
  assert.equal(pages.length, 2);
  assert.match(pages[0], /Report/);
  assert.match(pages[1], /Line number 60/);
  assert.match(await pdfText(bytes), /^--- page 1 ---\n/);
});

Deno.test("a file that is not a PDF is a bad_response error", async () => {
  await assert.rejects(
    pdfText(new TextEncoder().encode("%PDF-1.7 but then nothing")),
    (e: unknown) => e instanceof WebToolError && e.code === "bad_response",
  );
});
