import assert from "node:assert/strict";
import { readHtml } from "./html_reader.ts";
import { htmlToMarkdown } from "./markdown.ts";

const article = `<!DOCTYPE html><html><head><title>Long read</title></head><body>
<nav><a href="/">Home</a> <a href="javascript:void(0)">Menu</a></nav>
<article><h1>Long read</h1>${
  Array.from({ length: 8 }, (_, i) =>
    `<p>Paragraph ${i} of a long article, with enough words, commas, and sentences to look like
real prose to the readability scorer. <a href="../more/${i}.html#top">more ${i}</a></p>`).join("\n")
}</article>
<footer><p>Footer text that is not content.</p><a href="/">Home</a></footer></body></html>`;

Deno.test("readable extraction keeps an article, drops chrome and makes links absolute", () => {
  const page = readHtml(article, "https://site.example/a/b/page.html");
  assert.equal(page.extractor, "readability");
  assert.equal(page.title, "Long read");
  const md = htmlToMarkdown(page.contentHtml);
  assert.match(md, /Paragraph 7 of a long article/);
  assert.ok(!md.includes("Footer text"));
  assert.match(md, /\[more 3\]\(https:\/\/site\.example\/a\/more\/3\.html\)/);
  assert.deepEqual(page.links[0], { text: "Home", url: "https://site.example/" });
  assert.ok(page.links.every((l) => l.url.startsWith("https://")), "javascript: links dropped");
  assert.equal(page.links.filter((l) => l.url === "https://site.example/").length, 1);
});

Deno.test("a short page falls back to the cleaned main element instead of the footer", () => {
  const html = `<html><head><title>T</title></head><body><nav><a href="/x">X</a></nav>
<main><h1>Timetable</h1><table><thead><tr><th>From</th><th>To</th></tr></thead>
<tbody><tr><td>Eskport</td><td>Saltby</td></tr></tbody></table></main>
<footer><p>A rather long footer paragraph, with commas, that readability might prefer.</p></footer>
</body></html>`;
  const page = readHtml(html, "http://h.example/");
  assert.equal(page.extractor, "cleaned");
  const md = htmlToMarkdown(page.contentHtml);
  assert.match(md, /\| Eskport \| Saltby \|/);
  assert.ok(!md.includes("footer paragraph"));
});
