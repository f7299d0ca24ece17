import assert from "node:assert/strict";
import { AutomemError } from "./automem_error.ts";
import { createRng, sample, shuffle } from "./rng.ts";

function draws(seed: number | string, n: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
}

Deno.test("the same seed gives the same sequence", () => {
  assert.deepEqual(draws("abc", 20), draws("abc", 20));
});

Deno.test("different seeds give different sequences", () => {
  assert.notDeepEqual(draws(1, 5), draws(2, 5));
});

Deno.test("a numeric seed and its decimal string seed alike", () => {
  assert.deepEqual(draws(42, 5), draws("42", 5));
});

Deno.test("the stream is pinned across runs and machines", () => {
  const first = draws("automem", 3).map((x) => Math.round(x * 1e9));
  assert.deepEqual(first, [300183769, 367960249, 710397166]);
});

Deno.test("next stays in [0, 1) and its mean is near one half", () => {
  const rng = createRng(7);
  let sum = 0;
  for (let i = 0; i < 20000; i++) {
    const x = rng.next();
    assert.ok(x >= 0 && x < 1);
    sum += x;
  }
  assert.ok(Math.abs(sum / 20000 - 0.5) < 0.01);
});

Deno.test("int covers every value in [0, n) and nothing else", () => {
  const rng = createRng("int");
  const seen = new Set<number>();
  for (let i = 0; i < 1000; i++) seen.add(rng.int(6));
  assert.deepEqual([...seen].sort(), [0, 1, 2, 3, 4, 5]);
});

Deno.test("int rejects zero, negatives and fractions", () => {
  const rng = createRng(1);
  assert.throws(() => rng.int(0), AutomemError);
  assert.throws(() => rng.int(-3), AutomemError);
  assert.throws(() => rng.int(2.5), AutomemError);
});

Deno.test("fork depends on the seed and label, not on draws already made", () => {
  const a = createRng("s");
  const b = createRng("s");
  for (let i = 0; i < 10; i++) b.next();
  const fa = a.fork("proposer");
  const fb = b.fork("proposer");
  for (let i = 0; i < 5; i++) assert.equal(fa.next(), fb.next());
});

Deno.test("forks with different labels are independent of each other and the parent", () => {
  const parent = createRng("s");
  const x = parent.fork("x").next();
  const y = parent.fork("y").next();
  assert.notEqual(x, y);
  assert.notEqual(x, createRng("s").next());
});

Deno.test("shuffle returns a permutation and leaves the input untouched", () => {
  const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const out = shuffle(createRng(3), items);
  assert.deepEqual(items, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual([...out].sort((p, q) => p - q), items);
  assert.notDeepEqual(out, items);
});

Deno.test("shuffle is reproducible for a seed", () => {
  assert.deepEqual(shuffle(createRng(9), [..."abcdefgh"]), shuffle(createRng(9), [..."abcdefgh"]));
});

Deno.test("shuffle puts every element at every position about equally often", () => {
  const rng = createRng("uniform");
  const counts = [0, 0, 0];
  for (let i = 0; i < 3000; i++) counts[shuffle(rng, [0, 1, 2]).indexOf(0)]++;
  for (const c of counts) assert.ok(c > 900 && c < 1100, `counts ${counts}`);
});

Deno.test("sample returns k distinct elements of the input", () => {
  const items = Array.from({ length: 50 }, (_, i) => i);
  const picked = sample(createRng(5), items, 10);
  assert.equal(picked.length, 10);
  assert.equal(new Set(picked).size, 10);
  for (const p of picked) assert.ok(items.includes(p));
});

Deno.test("sample caps k at the input length and rejects a negative k", () => {
  assert.equal(sample(createRng(5), [1, 2, 3], 10).length, 3);
  assert.deepEqual(sample(createRng(5), [1, 2, 3], 0), []);
  assert.throws(() => sample(createRng(5), [1], -1), AutomemError);
});
