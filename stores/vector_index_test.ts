import assert from "node:assert/strict";
import { createRng } from "../core/rng.ts";
import type { Rng } from "../core/ports.ts";
import { norm } from "../core/vectors.ts";
import { flatScanTopK, FlatVectorIndex } from "./vector_index.ts";
import { StoreError } from "./store_error.ts";

function randomVector(rng: Rng, dim: number): Float32Array {
  const v = Float32Array.from({ length: dim }, () => rng.next() * 2 - 1);
  const n = norm(v);
  return v.map((x) => x / n);
}

function bruteCosine(vectors: Map<string, Float32Array>, q: Float32Array, k: number) {
  const qn = norm(q);
  return [...vectors].map(([id, v]) => {
    let dot = 0;
    for (let i = 0; i < v.length; i++) dot += v[i] * q[i];
    return { id, score: dot / (qn * norm(v)) };
  }).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
}

Deno.test("FlatVectorIndex top-k equals brute-force cosine after sets and deletes", () => {
  const rng = createRng("flat");
  const dim = 16;
  const index = new FlatVectorIndex(dim, 2);
  const truth = new Map<string, Float32Array>();
  for (let i = 0; i < 300; i++) {
    const v = randomVector(rng, dim).map((x) => x * (1 + rng.int(3)));
    index.set(`u${i}`, v);
    truth.set(`u${i}`, v);
  }
  for (let i = 0; i < 300; i += 7) {
    index.delete(`u${i}`);
    truth.delete(`u${i}`);
  }
  for (let i = 1; i < 300; i += 11) {
    const v = randomVector(rng, dim);
    index.set(`u${i}`, v);
    truth.set(`u${i}`, v);
  }
  assert.equal(index.size, truth.size);
  for (let t = 0; t < 20; t++) {
    const q = randomVector(rng, dim);
    const got = index.search(q, 10);
    const want = bruteCosine(truth, q, 10);
    assert.deepEqual(got.map((g) => g.id), want.map((w) => w.id));
    got.forEach((g, i) => assert.ok(Math.abs(g.score - want[i].score) < 1e-5));
  }
});

Deno.test("FlatVectorIndex filters inside the scan so k accepted rows come back", () => {
  const index = new FlatVectorIndex(2);
  for (let i = 0; i < 50; i++) index.set(`bad${i}`, [1, 0], 0);
  for (let i = 0; i < 50; i++) index.set(`good${i}`, [0.1 * i, 1], 1);
  index.setTag("good0", 0);
  index.delete("bad3"); // moves the last row (good49) and its tag into the hole
  const hits = index.search([1, 0], 5, (tag) => tag === 1);
  assert.equal(hits.length, 5);
  assert.ok(hits.every((h) => h.id.startsWith("good")));
  assert.deepEqual(hits.map((h) => h.id), ["good49", "good48", "good47", "good46", "good45"]);
});

Deno.test("FlatVectorIndex round-trips float32 values and skips zero vectors", () => {
  const index = new FlatVectorIndex(3);
  index.set("a", [0.1, 0.2, 0.3]);
  index.set("z", [0, 0, 0]);
  assert.deepEqual([...index.get("a")!], [...Float32Array.from([0.1, 0.2, 0.3])]);
  assert.deepEqual(index.search([1, 1, 1], 5).map((h) => h.id), ["a"]);
  assert.deepEqual(index.search([0, 0, 0], 5), []);
  assert.equal(index.get("missing"), undefined);
});

Deno.test("FlatVectorIndex rejects vectors of the wrong width with a typed error", () => {
  const index = new FlatVectorIndex(4);
  assert.throws(
    () => index.set("a", [1, 2]),
    (e: unknown) =>
      e instanceof StoreError && e.code === "embedding_dim" && /expected 4/.test(e.message),
  );
  assert.throws(() => index.search([1], 1), StoreError);
});

Deno.test("flatScanTopK agrees with the index on unit vectors", () => {
  const rng = createRng("scan");
  const dim = 8, n = 200;
  const data = new Float32Array(n * dim);
  const index = new FlatVectorIndex(dim);
  for (let r = 0; r < n; r++) {
    const v = randomVector(rng, dim);
    data.set(v, r * dim);
    index.set(`r${String(r).padStart(3, "0")}`, v);
  }
  const q = randomVector(rng, dim);
  const scan = flatScanTopK(data, n, dim, q, 10);
  const hits = index.search(q, 10);
  assert.deepEqual(scan.map((s) => `r${String(s.row).padStart(3, "0")}`), hits.map((h) => h.id));
});
