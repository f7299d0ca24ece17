/**
 * Test support, not library code: the persistence half of the store conformance suite (reopen,
 * automatic snapshots, compaction, torn-log recovery, export/import round trips).
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { StoreSnapshot } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { type ConformanceTest, fixtureUnits, type OpenStore } from "./conformance_fixtures.ts";

const strip = (s: StoreSnapshot) => JSON.stringify(s);

/** Registers the persistence tests for one store kind. */
export function persistenceConformance(test: ConformanceTest, open: OpenStore): void {
  test("close and reopen gives an identical exportAll and search results", async (dir) => {
    const units = fixtureUnits(25);
    const query = Float32Array.from(fixtureUnits(1, "q2")[0].embedding!);
    let before: string, hitsBefore: unknown;
    {
      const store = await open(dir);
      await store.add(units.slice(0, 20));
      await store.remove([units[2].id]);
      await store.update([{ ...(await store.get(units[3].id))!, confidence: 0.5 }]);
      await store.add(units.slice(20));
      before = strip(await store.exportAll());
      hitsBefore = [
        await store.vectorSearch(query, 5),
        (await store.textSearch(units[4].source_task_query, 3)).map((h) => h.id),
      ];
      await store.close();
      await assert.rejects(
        store.add([units[0]]),
        (e: unknown) => e instanceof StoreError && e.code === "closed",
      );
    }
    const store = await open(dir);
    try {
      assert.equal(strip(await store.exportAll()), before);
      const hitsAfter = [
        await store.vectorSearch(query, 5),
        (await store.textSearch(units[4].source_task_query, 3)).map((h) => h.id),
      ];
      assert.deepEqual(hitsAfter, hitsBefore);
    } finally {
      await store.close();
    }
  });

  test("automatic snapshots keep the state across reopen", async (dir) => {
    const units = fixtureUnits(12);
    let before: string;
    {
      const store = await open(dir, { checkpointAfter: 3 });
      for (const u of units) await store.add([u]);
      await store.remove(units.slice(0, 4).map((u) => u.id));
      before = strip(await store.exportAll());
      await store.close();
    }
    const store = await open(dir, { checkpointAfter: 3 });
    try {
      assert.equal(strip(await store.exportAll()), before);
    } finally {
      await store.close();
    }
  });

  test("compact removes inactive units for good", async (dir) => {
    const units = fixtureUnits(10);
    {
      const store = await open(dir);
      await store.add(units);
      await store.remove([units[0].id, units[5].id]);
      assert.equal(await store.compact(), 2);
      assert.equal(await store.compact(), 0);
      assert.equal(await store.count({ activeOnly: false }), 8);
      assert.equal(await store.get(units[0].id), undefined);
      await store.close();
    }
    const store = await open(dir);
    try {
      assert.deepEqual(
        (await store.list({ activeOnly: false })).map((u) => u.id),
        units.filter((_, i) => i !== 0 && i !== 5).map((u) => u.id),
      );
      assert.deepEqual((await store.add([units[0]])).added, [units[0].id]);
    } finally {
      await store.close();
    }
  });

  test("a torn last log line is ignored on reopen", async (dir) => {
    const units = fixtureUnits(5);
    let before: string;
    {
      const store = await open(dir);
      await store.add(units.slice(0, 4));
      before = strip(await store.exportAll());
      await store.close();
    }
    const line = JSON.stringify({ record: { ...units[4], embedding: null } });
    await Deno.writeTextFile(join(dir, "units.log.jsonl"), line.slice(0, line.length / 2), {
      append: true,
    });
    const store = await open(dir);
    try {
      assert.equal(strip(await store.exportAll()), before);
      await store.add([units[4]]);
      assert.equal(await store.count(), 5);
    } finally {
      await store.close();
    }
  });

  test("export then import into a fresh store round-trips", async (dir) => {
    const units = fixtureUnits(15);
    const source = await open(join(dir, "a"));
    let snapshot: StoreSnapshot;
    try {
      await source.add(units);
      await source.remove([units[7].id]);
      snapshot = await source.exportAll();
    } finally {
      await source.close();
    }
    const target = await open(join(dir, "b"));
    try {
      await target.importAll(snapshot);
      assert.equal(strip(await target.exportAll()), strip(snapshot));
      const health = await target.health();
      assert.equal(health.units, 15);
      assert.equal(health.active_units, 14);
    } finally {
      await target.close();
    }
  });
}
