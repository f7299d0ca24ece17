/**
 * Test support, not library code: the scope half of the store conformance suite. Two users share
 * one store; a scope or metadata filter must isolate them in `list`, `count`, `textSearch` and
 * `vectorSearch`, before top-k, and the fields must survive reopen, export/import and compaction.
 *
 * @module
 */
import assert from "node:assert/strict";
import { contentText, type MemoryUnit } from "../core/unit.ts";
import type { UnitScope } from "../core/unit_scope.ts";
import { cosine } from "../core/vectors.ts";
import { type ConformanceTest, fixtureUnits, type OpenStore } from "./conformance_fixtures.ts";
import type { MemoryStore } from "./store_port.ts";

/** 30 units, alternately Alice's and Bob's; every third carries `lang: "fr"`, the rest `"en"`. */
function scopedUnits(): MemoryUnit[] {
  return fixtureUnits(30, "scopes").map((u, i) => ({
    ...u,
    user_id: i % 2 === 0 ? "alice" : "bob",
    agent_id: "helper",
    metadata: { lang: i % 3 === 0 ? "fr" : "en", n: i },
  }));
}

const idsOf = (units: readonly { id: string }[]) => units.map((u) => u.id).sort();

async function expectIsolated(store: MemoryStore, units: readonly MemoryUnit[]): Promise<void> {
  for (const user of ["alice", "bob"]) {
    const mine = units.filter((u) => u.user_id === user);
    assert.deepEqual(idsOf(await store.list({ scope: { user_id: user } })), idsOf(mine));
    assert.equal(await store.count({ scope: { user_id: user, agent_id: "helper" } }), mine.length);
  }
  assert.equal(await store.count({ scope: { user_id: "carol" } }), 0);
  assert.equal(await store.count({ scope: { project: "p" } }), 0, "unscoped units never match");
}

/** Registers the scope tests for one store kind. */
export function scopeConformance(test: ConformanceTest, open: OpenStore): void {
  test("scope filters isolate two users in list and count", async (dir) => {
    const store = await open(dir);
    try {
      const units = scopedUnits();
      await store.add(units);
      await expectIsolated(store, units);
      const frBob: UnitScope = { user_id: "bob", metadata: { lang: "fr" } };
      const want = units.filter((u) => u.user_id === "bob" && u.metadata?.lang === "fr");
      assert.deepEqual(idsOf(await store.list({ scope: frBob })), idsOf(want));
      assert.deepEqual(idsOf(await store.list({ scope: { metadata: { n: 4 } } })), [units[4].id]);
      assert.equal(await store.count({ scope: { metadata: { n: "4" } } }), 0, "types must match");
    } finally {
      await store.close();
    }
  });

  test("scoped searches filter before top-k: k hits of the scope when k exist", async (dir) => {
    const store = await open(dir);
    try {
      const units = scopedUnits();
      await store.add(units);
      const bob = units.filter((u) => u.user_id === "bob");
      const query = Float32Array.from(units[0].embedding!); // an Alice unit: Alice ranks first
      const hits = await store.vectorSearch(query, 5, { scope: { user_id: "bob" } });
      const best = [...bob].sort((a, b) =>
        cosine(query, Float32Array.from(b.embedding!)) -
        cosine(query, Float32Array.from(a.embedding!))
      ).slice(0, 5);
      assert.deepEqual(hits.map((h) => h.id).sort(), idsOf(best));
      const text = units.slice(0, 10).map((u) => contentText(u)).join(" ");
      const textHits = await store.textSearch(text, 5, { scope: { user_id: "bob" } });
      assert.equal(textHits.length, 5);
      const bobIds = new Set(bob.map((u) => u.id));
      assert.ok(textHits.every((h) => bobIds.has(h.id)), JSON.stringify(textHits));
      const fr = await store.textSearch(text, 30, { scope: { metadata: { lang: "fr" } } });
      const frIds = new Set(units.filter((u) => u.metadata?.lang === "fr").map((u) => u.id));
      assert.ok(fr.length > 0 && fr.every((h) => frIds.has(h.id)));
    } finally {
      await store.close();
    }
  });

  test("the same lesson of two users is two units (dedup stays within a scope)", async (dir) => {
    const store = await open(dir);
    try {
      const [u] = fixtureUnits(1, "twin");
      const result = await store.add([
        { ...u, id: "a1", user_id: "alice" },
        { ...u, id: "b1", user_id: "bob" },
        { ...u, id: "b2", user_id: "bob" },
      ]);
      assert.deepEqual(result.added, ["a1", "b1"]);
      assert.deepEqual(result.deduped, [{ id: "b2", existingId: "b1" }]);
    } finally {
      await store.close();
    }
  });

  test("scope and metadata survive reopen, export/import and compaction", async (dir) => {
    const units = scopedUnits();
    {
      const store = await open(dir);
      await store.add(units);
      await store.remove([units[1].id]);
      await store.close();
    }
    const store = await open(dir);
    try {
      const back = await store.get(units[2].id);
      assert.equal(back?.user_id, "alice");
      assert.deepEqual(back?.metadata, { lang: "en", n: 2 });
      assert.equal(await store.compact(), 1);
      const live = units.filter((_, i) => i !== 1);
      await expectIsolated(store, live);
      const snapshot = await store.exportAll();
      await store.purge(live.map((u) => u.id));
      assert.equal(await store.count({ activeOnly: false }), 0);
      await store.importAll(snapshot);
      await expectIsolated(store, live);
      const hits = await store.vectorSearch(Float32Array.from(units[3].embedding!), 3, {
        scope: { user_id: "alice" },
      });
      assert.equal(hits.length, 3);
    } finally {
      await store.close();
    }
  });
}
