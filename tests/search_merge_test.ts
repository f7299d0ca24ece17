import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { makeUnit } from "../retrieval/testing/mod.ts";
import { poolFromSnapshot } from "../search/protocol/pool_files.ts";
import { defaultServices } from "../search/services.ts";

const unit = (id: string, text: string, usage = 0) =>
  makeUnit(id, { text, usage_count: usage, success_count: usage });

Deno.test("merging the round winner into the canonical pool is idempotent (memory/pool.ts)", () => {
  const canonical = { units: [unit("a", "archive before export", 2)], edges: [] };
  // The winner started from the canonical pool: it holds `a` (used once more) and a new unit.
  const winner = {
    units: [unit("a", "archive before export", 3), unit("b", "sign the deploy tag")],
    edges: [],
  };
  const clock = () => logicalClock(Date.UTC(2026, 0, 2));
  const once = defaultServices.mergePools(canonical, winner, { clock: clock() });
  const twice = defaultServices.mergePools(once, winner, { clock: clock() });
  assert.deepEqual(poolFromSnapshot(twice, [], []), poolFromSnapshot(once, [], []));
  assert.deepEqual(once.units.map((u) => [u.id, u.usage_count]).sort(), [["a", 3], ["b", 0]]);
});

Deno.test("canonical maintenance keeps active units and is stable on a curated pool", async () => {
  const dir = await Deno.makeTempDir();
  const pool = {
    units: [unit("a", "archive before export", 2), { ...unit("c", "old rule"), is_active: false }],
    edges: [],
  };
  const deps = { embedder: new HashEmbedder(64), clock: logicalClock(Date.UTC(2026, 0, 3)), dir };
  const curated = await defaultServices.maintainPool(pool, deps);
  assert.deepEqual(curated.units.map((u) => u.id), ["a"]);
  const again = await defaultServices.maintainPool(curated, {
    ...deps,
    clock: logicalClock(Date.UTC(2026, 0, 3)),
  });
  assert.deepEqual(poolFromSnapshot(again, [], []), poolFromSnapshot(curated, [], []));
});
