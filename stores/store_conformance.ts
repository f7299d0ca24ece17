/**
 * Test support, not library code: the behaviour every {@linkcode MemoryStore} must show, run by
 * each store's `_test.ts` against its own factory. Keeping one suite means the five stores
 * cannot drift apart on dedup, soft delete, compaction, persistence or crash recovery.
 *
 * @module
 */
import { cosine } from "../core/vectors.ts";
import assert from "node:assert/strict";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { contentText, type MemoryUnit, unitSignature } from "../core/unit.ts";
import { StoreError } from "./store_error.ts";
import { persistenceConformance } from "./store_conformance_persist.ts";
import { scopeConformance } from "./store_conformance_scope.ts";
import {
  type ConformanceTest,
  fixtureUnits,
  type OpenStore,
  TEST_DIM,
  withTempDir,
} from "./conformance_fixtures.ts";

export {
  type ConformanceTest,
  fixtureUnits,
  type OpenStore,
  TEST_DIM,
  withTempDir,
} from "./conformance_fixtures.ts";

/** Registers the shared conformance tests for one store kind. */
export function storeConformance(kind: string, open: OpenStore): void {
  const test: ConformanceTest = (name, fn) => Deno.test(`${kind}: ${name}`, () => withTempDir(fn));

  test("add, get, list, count and filters", async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(20);
      const result = await store.add(units);
      assert.equal(result.added.length, 20);
      assert.equal(await store.count(), 20);
      const got = await store.get(units[3].id);
      assert.deepEqual(got?.content, units[3].content);
      assert.deepEqual(got?.embedding, Array.from(Float32Array.from(units[3].embedding!)));
      assert.deepEqual((await store.list()).map((u) => u.id), units.map((u) => u.id));
      const tips = await store.list({ types: ["tip"] });
      assert.deepEqual(
        tips.map((u) => u.id),
        units.filter((u) => u.type === "tip").map((u) => u.id),
      );
      const failures = await store.count({ outcomes: ["failure"] });
      assert.equal(failures, units.filter((u) => u.task_outcome === "failure").length);
      const skip = [units[0].source_task_id];
      assert.equal(
        await store.count({ excludeTaskIds: skip }),
        units.filter((u) => !skip.includes(u.source_task_id)).length,
      );
      assert.equal(await store.get("missing"), undefined);
      await assert.rejects(
        store.list({ types: ["nope" as "tip"] }),
        (e: unknown) =>
          e instanceof StoreError && e.code === "invalid_argument" &&
          e.path.join(".") === "filter.types.0",
      );
    } finally {
      await store.close();
    }
  });

  test("remove is a soft delete and update replaces fields", async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(6);
      await store.add(units);
      assert.equal(await store.remove([units[0].id, units[0].id, "missing"]), 1);
      assert.equal(await store.remove([units[0].id]), 0);
      assert.equal(await store.count(), 5);
      assert.equal(await store.count({ activeOnly: false }), 6);
      assert.equal((await store.get(units[0].id))?.is_active, false);
      const changed = { ...(await store.get(units[1].id))!, confidence: 0.123, usage_count: 4 };
      await store.update([changed]);
      const back = await store.get(units[1].id);
      assert.equal(back?.confidence, 0.123);
      assert.equal(back?.usage_count, 4);
      await assert.rejects(
        store.update([{ ...units[2], id: "nope" }]),
        (e: unknown) =>
          e instanceof StoreError && e.code === "unknown_id" && e.path.join(".") === "units.0.id",
      );
    } finally {
      await store.close();
    }
  });

  test("exact dedup among active units, reactivation of an inactive duplicate", async (dir) => {
    const store = await open(dir);
    try {
      const [a, b] = fixtureUnits(2);
      await store.add([a]);
      const twin = { ...a, id: "twin", confidence: 0.9 };
      const first = await store.add([twin, b, { ...b, id: "b-twin" }]);
      assert.deepEqual(first.added, [b.id]);
      assert.deepEqual(first.deduped, [{ id: "twin", existingId: a.id }, {
        id: "b-twin",
        existingId: b.id,
      }]);
      await store.remove([a.id]);
      const again = await store.add([{ ...twin, confidence: 0.77 }]);
      assert.deepEqual(again.added, []);
      assert.deepEqual(again.reactivated, [a.id]);
      const revived = await store.get(a.id);
      assert.equal(revived?.is_active, true);
      assert.equal(revived?.confidence, 0.77);
      assert.equal(await store.get("twin"), undefined);
    } finally {
      await store.close();
    }
  });

  test("bad input is refused with typed errors and nothing is stored", async (dir) => {
    const store = await open(dir);
    try {
      const [a, b] = fixtureUnits(2);
      await assert.rejects(
        store.add([a, { ...b, confidence: 3 }]),
        (e: unknown) =>
          e instanceof StoreError && e.code === "invalid_unit" &&
          e.path.join(".") === "units.1.confidence",
      );
      await assert.rejects(
        store.add([{ ...a, embedding: [1, 2] }]),
        (e: unknown) =>
          e instanceof StoreError && e.code === "embedding_dim" &&
          e.path.join(".") === "units.0.embedding",
      );
      await assert.rejects(
        store.add([a, { ...a }]),
        (e: unknown) => e instanceof StoreError && e.code === "duplicate_id",
      );
      assert.equal(await store.count({ activeOnly: false }), 0);
      await assert.rejects(store.textSearch("x", -1), StoreError);
    } finally {
      await store.close();
    }
  });

  test("textSearch ranks keyword matches and filters before top-k", async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(30);
      const marked = units.map((u, i) =>
        i % 3 === 0
          ? {
            ...u,
            content: { ...u.content, note: "zebracorn zebracorn" },
            signature: unitSignature({ ...u.content, note: "zebracorn zebracorn" }),
          }
          : u
      );
      await store.add(marked);
      const hits = await store.textSearch("zebracorn", 5);
      assert.equal(hits.length, 5);
      const markedIds = new Set(marked.filter((_, i) => i % 3 === 0).map((u) => u.id));
      assert.ok(hits.every((h) => markedIds.has(h.id)));
      assert.ok(hits.every((h, i) => i === 0 || hits[i - 1].score >= h.score));
      const onlyTips = await store.textSearch("zebracorn", 10, { types: ["tip"] });
      const tipIds = marked.filter((u, i) => i % 3 === 0 && u.type === "tip").map((u) => u.id);
      assert.deepEqual(new Set(onlyTips.map((h) => h.id)), new Set(tipIds));
      await store.remove([hits[0].id]);
      assert.ok(!(await store.textSearch("zebracorn", 10)).some((h) => h.id === hits[0].id));
    } finally {
      await store.close();
    }
  });

  test("vectorSearch equals brute-force cosine, with filters and units lacking embeddings", async (dir) => {
    const store = await open(dir);
    try {
      const units = fixtureUnits(40).map((u, i) => i % 10 === 0 ? { ...u, embedding: null } : u);
      await store.add(units);
      await store.remove([units[1].id]);
      const query = Float32Array.from(fixtureUnits(1, "query")[0].embedding!);
      const brute = (keep: (u: MemoryUnit) => boolean) =>
        units.filter((u) => u.embedding && u.id !== units[1].id && keep(u))
          .map((u) => ({
            id: u.id,
            score: cosine(Array.from(Float32Array.from(u.embedding!)), query),
          }))
          .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, 7);
      const all = await store.vectorSearch(query, 7);
      assert.deepEqual(all.map((h) => h.id), brute(() => true).map((h) => h.id));
      all.forEach((h, i) => assert.ok(Math.abs(h.score - brute(() => true)[i].score) < 1e-5));
      const fails = await store.vectorSearch(query, 7, { outcomes: ["failure"] });
      assert.deepEqual(
        fails.map((h) => h.id),
        brute((u) => u.task_outcome === "failure").map((h) => h.id),
      );
      assert.equal(
        fails.length,
        Math.min(
          7,
          units.filter((u) => u.embedding && u.task_outcome === "failure" && u.id !== units[1].id)
            .length,
        ),
      );
    } finally {
      await store.close();
    }
  });

  test("update re-embeds a unit whose text changed without a new embedding", async (dir) => {
    const store = await open(dir);
    try {
      const [a] = fixtureUnits(1);
      await store.add([a]);
      const stored = (await store.get(a.id))!;
      const content = { ...stored.content, principle: "a brand new principle text" };
      await store.update([{ ...stored, content, signature: unitSignature(content) }]);
      const back = (await store.get(a.id))!;
      const expected = (await new HashEmbedder(TEST_DIM).embed([contentText(back)]))[0];
      assert.deepEqual(back.embedding, Array.from(expected));
      const own = Array.from({ length: TEST_DIM }, (_, i) => (i === 0 ? 1 : 0));
      const content2 = { ...content, principle: "another text" };
      await store.update([{
        ...back,
        content: content2,
        signature: unitSignature(content2),
        embedding: own,
      }]);
      assert.deepEqual((await store.get(a.id))!.embedding, own);
    } finally {
      await store.close();
    }
  });

  for (const suite of [persistenceConformance, scopeConformance]) suite(test, open);
}
