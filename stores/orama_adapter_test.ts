import assert from "node:assert/strict";
import { type OramaDoc, OramaIndex } from "./orama_adapter.ts";

const doc = (id: string, text: string, extra: Partial<OramaDoc> = {}): OramaDoc => ({
  id,
  type: "tip",
  outcome: "success",
  active: true,
  task: "t1",
  text,
  ...extra,
});

Deno.test("orama guard: searching twice leaves stored and caller vectors intact", async () => {
  const index = await OramaIndex.create({ text: true, vectorDim: 4 });
  const callerVector = [0.5, 0.5, 0.5, 0.5];
  const callerDoc = doc("a", "alpha beta", { vector: callerVector });
  await index.upsert([callerDoc, doc("b", "beta gamma", { vector: [1, 0, 0, 0] })]);
  for (let round = 0; round < 2; round++) {
    assert.deepEqual((await index.textSearch("beta", 5, undefined)).map((h) => h.id).sort(), [
      "a",
      "b",
    ]);
    assert.equal((await index.matchingIds(undefined)).size, 2);
    const near = await index.vectorSearch(Float32Array.from([1, 0, 0, 0]), 1, undefined);
    assert.equal(near[0].id, "b");
  }
  assert.deepEqual(index.storedVector("a"), [0.5, 0.5, 0.5, 0.5]);
  assert.deepEqual(index.storedVector("b"), [1, 0, 0, 0]);
  assert.deepEqual(callerDoc.vector, [0.5, 0.5, 0.5, 0.5]);
  assert.equal(callerDoc.vector, callerVector);
});

Deno.test("orama text search matches whole terms, not prefixes", async () => {
  const index = await OramaIndex.create({ text: true });
  await index.upsert([doc("a", "visit the website"), doc("b", "search the web")]);
  assert.deepEqual((await index.textSearch("web", 5, undefined)).map((h) => h.id), ["b"]);
  assert.deepEqual((await index.textSearch("Website", 5, undefined)).map((h) => h.id), ["a"]);
  assert.deepEqual(await index.textSearch("the", 5, undefined), []);
});

Deno.test("orama filters apply before top-k", async () => {
  const index = await OramaIndex.create({ text: true });
  const docs: OramaDoc[] = [];
  for (let i = 0; i < 20; i++) {
    docs.push(doc(`x${i}`, "wiki", { type: "insight", outcome: "failure" }));
  }
  for (let i = 0; i < 20; i++) {
    docs.push(doc(`k${i}`, `wiki page ${i} more words`, { task: `t${i}` }));
  }
  await index.upsert(docs);
  const hits = await index.textSearch("wiki", 5, { types: ["tip"], excludeTaskIds: ["t0", "t1"] });
  assert.equal(hits.length, 5);
  assert.ok(hits.every((h) => h.id.startsWith("k") && h.id !== "k0" && h.id !== "k1"));
  const none = await index.matchingIds({ outcomes: [""] });
  assert.equal(none.size, 0);
  await index.upsert([doc("k3", "wiki", { outcome: "" })]);
  assert.deepEqual([...await index.matchingIds({ outcomes: [""] })], ["k3"]);
  assert.equal((await index.matchingIds({ types: [] })).size, 0);
});

Deno.test("orama ties are ranked by id whatever the insertion order", async () => {
  const index = await OramaIndex.create({ text: true });
  await index.upsert(["z", "m", "a", "q"].map((id) => doc(id, "same words here")));
  // Re-inserting moves "a" to the end of Orama's internal order.
  await index.upsert([doc("a", "same words here")]);
  assert.deepEqual((await index.textSearch("words", 2, undefined)).map((h) => h.id), ["a", "m"]);
  const many = await OramaIndex.create({ text: true });
  const ids = Array.from({ length: 60 }, (_, i) => `d${String(59 - i).padStart(2, "0")}`);
  await many.upsert(ids.map((id) => doc(id, "tie")));
  assert.deepEqual((await many.textSearch("tie", 3, undefined)).map((h) => h.id), [
    "d00",
    "d01",
    "d02",
  ]);
});

Deno.test("orama upsert replaces and remove forgets documents", async () => {
  const index = await OramaIndex.create({ text: true });
  await index.upsert([doc("a", "old words")]);
  await index.upsert([doc("a", "new words", { active: false })]);
  assert.equal(index.size, 1);
  assert.deepEqual(await index.textSearch("old", 5, { activeOnly: false }), []);
  assert.deepEqual(await index.textSearch("new", 5, undefined), []);
  assert.deepEqual((await index.textSearch("new", 5, { activeOnly: false })).map((h) => h.id), [
    "a",
  ]);
  await index.remove(["a", "missing"]);
  assert.equal(index.size, 0);
});
