import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../../core/clock.ts";
import { attachmentTool } from "./attachment_tool.ts";
import { writeTextPdf } from "./pdf_writer.ts";
import type { ToolContext } from "./tool_port.ts";
import { writeXlsx } from "./xlsx_reader.ts";
import { zipFiles } from "./zip_reader.ts";

const DOCX_TYPES =
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCX_RELS =
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCX_BODY =
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>The keeper's log mentions 11 rescued sailors.</w:t></w:r></w:p></w:body></w:document>`;

async function withTaskDir(fn: (dir: string, ctx: ToolContext) => Promise<void>) {
  const outer = await Deno.makeTempDir();
  const dir = join(outer, "task");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(outer, "secret.txt"), "outside the task folder");
  try {
    await fn(dir, { fetch, clock: logicalClock(), attachmentsDir: dir });
  } finally {
    await Deno.remove(outer, { recursive: true });
  }
}

Deno.test("read_attachment reads text, csv, json, xlsx, pdf, docx and zip files", async () => {
  await withTaskDir(async (dir, ctx) => {
    await Deno.writeTextFile(join(dir, "notes.txt"), "Plain notes.");
    await Deno.writeTextFile(join(dir, "data.csv"), 'name,place\n"Vey, Jonas",Saltby\n');
    await Deno.writeTextFile(join(dir, "data.json"), '{"visitors":[1,2]}');
    await Deno.writeFile(
      join(dir, "book.xlsx"),
      await writeXlsx({
        Sales: [["item", "n"], ["lamps", 3], ["total", { formula: "B2*2", result: 6 }]],
      }),
    );
    await Deno.writeFile(
      join(dir, "report.pdf"),
      await writeTextPdf("Report", ["Budget: 1,840,000 HC"]),
    );
    await Deno.writeFile(
      join(dir, "memo.docx"),
      zipFiles({
        "[Content_Types].xml": DOCX_TYPES,
        "_rels/.rels": DOCX_RELS,
        "word/document.xml": DOCX_BODY,
      }),
    );
    await Deno.writeFile(
      join(dir, "bundle.zip"),
      zipFiles({ "a.txt": "alpha", "sub/b.csv": "x,y\n1,2\n" }),
    );
    const tool = attachmentTool();
    const read = async (file_name: string) => {
      const r = await tool.call({ file_name, query: "" }, ctx);
      assert.equal(r.ok, true, `${file_name}: ${r.content}`);
      return r.content;
    };
    assert.match(await read("notes.txt"), /^File: notes\.txt \(text, 12 bytes\)\n\nPlain notes\.$/);
    assert.match(await read("data.csv"), /\| Vey, Jonas \| Saltby \|/);
    assert.match(await read("data.json"), /"visitors": \[\n\s+1,/);
    const xlsx = await read("book.xlsx");
    assert.match(xlsx, /## Sheet: Sales/);
    assert.match(xlsx, /\| total \| 6 \|/);
    assert.match(await read("report.pdf"), /Budget: 1,840,000 HC/);
    assert.match(await read("memo.docx"), /11 rescued sailors/);
    const zip = await read("bundle.zip");
    assert.match(zip, /Archive with 2 file\(s\): a\.txt, sub\/b\.csv/);
    assert.match(zip, /### sub\/b\.csv\n\n1 data rows, 2 columns/);
  });
});

Deno.test("read_attachment refuses paths outside the task folder, including through links", async () => {
  await withTaskDir(async (dir, ctx) => {
    await Deno.symlink(join(dir, "..", "secret.txt"), join(dir, "link.txt"));
    const tool = attachmentTool();
    for (
      const file_name of [
        "../secret.txt",
        "sub/../../secret.txt",
        "/etc/passwd",
        "link.txt",
        "..\\secret.txt",
      ]
    ) {
      const r = await tool.call({ file_name }, ctx);
      assert.equal(r.error, "path_escape", `${file_name}: ${r.content}`);
      assert.ok(!r.content.includes("outside the task folder\n"), "no file content leaks");
    }
    assert.equal((await tool.call({ file_name: "missing.txt" }, ctx)).error, "not_found");
    const none = await tool.call({ file_name: "x.txt" }, { fetch, clock: logicalClock() });
    assert.equal(none.error, "not_found");
  });
});

Deno.test("zip bombs, crowded archives and escaping entry names are refused", async () => {
  await withTaskDir(async (dir, ctx) => {
    await Deno.writeFile(
      join(dir, "bomb.zip"),
      zipFiles({ "zeros.bin": new Uint8Array(8 * 1024 * 1024) }),
    );
    const crowd: Record<string, string> = {};
    for (let i = 0; i < 30; i++) crowd[`f${i}.txt`] = "x";
    await Deno.writeFile(join(dir, "crowd.zip"), zipFiles(crowd));
    await Deno.writeFile(join(dir, "slip.zip"), zipFiles({ "../../evil.txt": "pwned" }));
    await Deno.writeFile(
      join(dir, "big.zip"),
      zipFiles({ "a.txt": "abcdefghij".repeat(15_000), "b.txt": "klmnopqrst".repeat(15_000) }),
    );
    const tool = attachmentTool({
      zipLimits: {
        maxEntries: 20,
        maxEntryBytes: 200_000,
        maxTotalBytes: 250_000,
        maxRatio: 100,
      },
    });
    const bomb = await tool.call({ file_name: "bomb.zip" }, ctx);
    assert.equal(bomb.error, "archive_limit", bomb.content);
    assert.equal((await tool.call({ file_name: "crowd.zip" }, ctx)).error, "archive_limit");
    assert.equal((await tool.call({ file_name: "slip.zip" }, ctx)).error, "path_escape");
    const big = await tool.call({ file_name: "big.zip" }, ctx);
    assert.equal(big.error, "archive_limit");
    assert.match(big.content, /the files unpack to more than 250000 bytes/);
    const ratio = await attachmentTool().call({ file_name: "bomb.zip" }, ctx);
    assert.match(ratio.content, /compresses more than 100:1/);
  });
});

Deno.test("images and audio are unsupported unless a describer is configured", async () => {
  await withTaskDir(async (dir, ctx) => {
    await Deno.writeFile(join(dir, "chart.png"), new Uint8Array([137, 80, 78, 71, 13, 10]));
    const plain = await attachmentTool().call({ file_name: "chart.png" }, ctx);
    assert.equal(plain.error, "unsupported");
    assert.match(plain.content, /no vision endpoint is configured/);
    const seen: string[] = [];
    const media = {
      kinds: ["image"] as const,
      describe: (_k: "image" | "audio", name: string, _b: Uint8Array, q: string) => {
        seen.push(`${name}:${q}`);
        return Promise.resolve("A bar chart with three bars.");
      },
    };
    const described = await attachmentTool({ media }).call({
      file_name: "chart.png",
      query: "bars?",
    }, ctx);
    assert.match(described.content, /A bar chart with three bars\./);
    assert.deepEqual(seen, ["chart.png:bars?"]);
  });
});
