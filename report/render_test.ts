import assert from "node:assert/strict";
import { type Block, toHtml, toMarkdown } from "./render.ts";

const blocks: Block[] = [
  { kind: "heading", level: 1, text: "Run report: r*1" },
  { kind: "facts", items: [["Status", "finished"]] },
  { kind: "table", head: ["A", "B"], rows: [["x|y", "1"]], numeric: [false, true] },
  { kind: "table", head: ["A"], rows: [] },
  { kind: "list", items: ["<script>alert(1)</script>"] },
  { kind: "image", name: "plot.svg", alt: "A plot" },
];

Deno.test("markdown escapes table pipes and markup characters and right-aligns numbers", () => {
  const md = toMarkdown(blocks);
  assert.ok(md.startsWith("# Run report: r\\*1\n"));
  assert.ok(md.includes("| x\\|y | 1 |"));
  assert.ok(md.includes("| --- | ---: |"));
  assert.ok(md.includes("_none_"));
  assert.ok(md.includes("- \\<script\\>alert(1)\\</script\\>"));
  assert.ok(md.includes("![A plot](plot.svg)"));
});

Deno.test("html escapes text and inlines known plots", () => {
  const html = toHtml("T <1>", blocks, new Map([["plot.svg", "<svg>p</svg>\n"]]));
  assert.ok(html.includes("<title>T &lt;1&gt;</title>"));
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(!html.includes("<script>"));
  assert.ok(html.includes('<figure aria-label="A plot"><svg>p</svg></figure>'));
  assert.ok(html.includes('<td class="n">1</td>'));
  const linked = toHtml("T", blocks, new Map());
  assert.ok(linked.includes('<img src="plot.svg" alt="A plot">'));
});
