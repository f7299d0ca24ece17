import assert from "node:assert/strict";
import { KeywordIndex } from "./keyword_index.ts";
import { tokenize } from "./tokenize.ts";

function bruteBm25(docs: Record<string, string>, query: string): Map<string, number> {
  const toks = Object.fromEntries(Object.entries(docs).map(([id, t]) => [id, tokenize(t)]));
  const n = Object.keys(docs).length;
  const avg = Object.values(toks).reduce((s, t) => s + t.length, 0) / n;
  const out = new Map<string, number>();
  for (const term of new Set(tokenize(query))) {
    const df = Object.values(toks).filter((t) => t.includes(term)).length;
    if (df === 0) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (const [id, t] of Object.entries(toks)) {
      const tf = t.filter((x) => x === term).length;
      if (tf === 0) continue;
      const s = idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * t.length / avg));
      out.set(id, (out.get(id) ?? 0) + s);
    }
  }
  return out;
}

const DOCS: Record<string, string> = {
  a: "search the web for the release year of the film",
  b: "parse the csv file and check the header row",
  c: "web search web search again when results are empty",
  d: "answer format: give the year only",
  e: "北京 大学 的 网站",
};

Deno.test("KeywordIndex scores match a brute-force BM25", () => {
  const index = new KeywordIndex();
  for (const [id, text] of Object.entries(DOCS)) index.set(id, text, undefined);
  for (const q of ["web search year", "csv header", "北京", "film year format"]) {
    const expected = [...bruteBm25(DOCS, q)].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
    const got = index.search(q, 10);
    assert.deepEqual(got.map((r) => r.id), expected.map((e) => e[0]), q);
    got.forEach((r, i) => assert.ok(Math.abs(r.score - expected[i][1]) < 1e-12));
  }
});

Deno.test("KeywordIndex filters before top-k so k matches come back", () => {
  const index = new KeywordIndex<{ ok: boolean }>();
  for (let i = 0; i < 30; i++) {
    // The best-scoring documents (short, term-dense) are the rejected ones.
    index.set(`r${i}`, "wiki wiki", { ok: false });
    index.set(`k${i}`, `wiki page number ${i} with more words around it`, { ok: true });
  }
  const hits = index.search("wiki", 5, (p) => p.ok);
  assert.equal(hits.length, 5);
  assert.ok(hits.every((h) => h.id.startsWith("k")));
});

Deno.test("KeywordIndex re-indexes and deletes documents", () => {
  const index = new KeywordIndex();
  index.set("a", "alpha beta", undefined);
  index.set("b", "beta gamma", undefined);
  index.set("a", "delta", undefined);
  assert.deepEqual(index.search("alpha", 5), []);
  assert.deepEqual(index.search("delta", 5).map((h) => h.id), ["a"]);
  assert.equal(index.delete("b"), true);
  assert.equal(index.delete("b"), false);
  assert.deepEqual(index.search("beta gamma", 5), []);
  assert.equal(index.size, 1);
  index.set("c", "delta delta", undefined);
  assert.deepEqual(index.search("delta", 5).map((h) => h.id), ["c", "a"]);
});

Deno.test("KeywordIndex breaks score ties by id and honours k", () => {
  const index = new KeywordIndex();
  for (const id of ["z", "m", "a"]) index.set(id, "same words here", undefined);
  assert.deepEqual(index.search("words", 2).map((h) => h.id), ["a", "m"]);
  assert.deepEqual(index.search("words", 0), []);
  assert.deepEqual(index.search("", 3), []);
});
