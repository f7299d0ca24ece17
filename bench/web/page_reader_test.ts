import assert from "node:assert/strict";
import { metaRefresh, readResource } from "./page_reader.ts";
import { writeTextPdf } from "./pdf_writer.ts";
import { writePptx } from "./pptx_reader.ts";
import type { FetchedResource } from "./safe_fetch.ts";
import { writeXlsx } from "./xlsx_reader.ts";
import { zipFiles } from "./zip_reader.ts";

const served = (url: string, contentType: string, bytes: Uint8Array): FetchedResource => ({
  url,
  status: 200,
  contentType,
  mediaType: contentType.split(";")[0].trim().toLowerCase(),
  bytes,
});

Deno.test("a latin-1 page that declares its charset only in <meta> reads without mojibake", async () => {
  const html = '<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head>' +
    "<body><article><p>Caf\xe9 Z\xfcrich opened in 1911.</p></article></body></html>";
  const bytes = Uint8Array.from(html, (c) => c.charCodeAt(0));
  const doc = await readResource(served("https://a.test/", "text/html", bytes));
  assert.match(doc.markdown, /Café Zürich opened in 1911/);
});

Deno.test("PDFs are read by their bytes whatever type the server names", async () => {
  const pdf = await writeTextPdf("Report", ["Budget: 1,840,000 HC"]);
  for (const type of ["application/octet-stream", "application/x-pdf", "binary/octet-stream", ""]) {
    const doc = await readResource(served("https://a.test/download?id=7", type, pdf));
    assert.equal(doc.kind, "pdf", type);
    assert.match(doc.markdown, /Budget: 1,840,000 HC/, type);
  }
});

Deno.test("Word, Excel, PowerPoint and zip files found on the web are read, not refused", async () => {
  const xlsx = await writeXlsx({ Sales: [["item", "n"], ["lamps", 3]] });
  const pptx = writePptx([["Keeper rota", "Vey on Mondays"]]);
  const zip = zipFiles({ "a.txt": "alpha inside" });
  const cases: [string, string, Uint8Array, RegExp][] = [
    ["https://a.test/book.xlsx", "application/octet-stream", xlsx, /\| lamps \| 3 \|/],
    [
      "https://a.test/deck",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      pptx,
      /Vey on Mondays/,
    ],
    ["https://a.test/files.zip", "application/zip", zip, /alpha inside/],
  ];
  for (const [url, type, bytes, want] of cases) {
    const doc = await readResource(served(url, type, bytes));
    assert.equal(doc.kind, "document", url);
    assert.match(doc.markdown, want, url);
  }
});

Deno.test("a meta refresh target is found in any attribute order and resolved", () => {
  const base = "https://a.test/old/page.html";
  assert.equal(
    metaRefresh('<meta http-equiv="refresh" content="0; url=../new/">', base),
    "https://a.test/new/",
  );
  assert.equal(
    metaRefresh("<META CONTENT='3;URL=https://b.test/x' HTTP-EQUIV='Refresh'>", base),
    "https://b.test/x",
  );
  assert.equal(metaRefresh('<meta http-equiv="refresh" content="30">', base), undefined);
});
