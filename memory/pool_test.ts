import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import type { MemoryUnit } from "../core/unit.ts";
import { makeUnit } from "../retrieval/testing/fixtures.ts";
import type { StoreSnapshot } from "../stores/store_port.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { maintainPool, mergePools, POOL_MAINTENANCE_OPS, POOL_MERGE_MARK } from "./pool.ts";

const unit = (id: string, principle: string, extra: Partial<MemoryUnit> = {}): MemoryUnit =>
  makeUnit(id, { text: principle, source_task_id: `t-${id}`, ...extra });

const clock = () => logicalClock(Date.UTC(2026, 0, 2), 0);

const canonical: StoreSnapshot = {
  units: [
    unit("a", "search first", { usage_count: 2, success_count: 1 }),
    unit("b", "verify units", { usage_count: 1, success_count: 0 }),
    unit("gone", "old advice", { is_active: false }),
    unit("pruned", "weak advice"),
  ],
  edges: [
    {
      source: "m:a",
      target: "m:b",
      type: "SIMILAR",
      weight: 0.8,
      usage_count: 2,
      success_count: 1,
    },
    { source: "q:t-a", target: "m:a", type: "HAS_MEMORY", weight: 1 },
    { source: "m:pruned", target: "m:a", type: "SIMILAR", weight: 0.7 },
  ],
};

const winner: StoreSnapshot = {
  units: [
    // The winner started from the canonical pool: its "a" carries the canonical counts plus its own.
    unit("a", "search first", { usage_count: 5, success_count: 3, confidence: 0.9 }),
    unit("pruned", "weak advice", { is_active: false }),
    // A new unit with the same content as "b": an exact duplicate under another id.
    unit("b2", "verify units", { usage_count: 4, success_count: 4 }),
    unit("c", "new principle", { usage_count: 1 }),
  ],
  edges: [
    {
      source: "m:a",
      target: "m:b",
      type: "SIMILAR",
      weight: 0.85,
      usage_count: 5,
      success_count: 3,
    },
    { source: "m:c", target: "m:b2", type: "SIMILAR", weight: 0.75, usage_count: 1 },
  ],
};

Deno.test("only active units survive and a unit the winner deactivated is dropped", () => {
  const merged = mergePools(canonical, winner, { clock: clock() });
  const ids = merged.units.map((u) => u.id);
  assert.ok(!ids.includes("gone"));
  assert.ok(!ids.includes("pruned"));
  assert.ok(merged.units.every((u) => u.is_active));
});

Deno.test("a unit on both sides is the winner's version with the larger counters", () => {
  const merged = mergePools(canonical, winner, { clock: clock() });
  const a = merged.units.find((u) => u.id === "a")!;
  assert.equal(a.usage_count, 5);
  assert.equal(a.success_count, 3);
  assert.equal(a.confidence, 0.9);
});

Deno.test("exact duplicates fold into one survivor with summed usage and success", () => {
  const merged = mergePools(canonical, winner, { clock: clock() });
  const dups = merged.units.filter((u) => u.signature === winner.units[2].signature);
  assert.equal(dups.length, 1);
  const survivor = dups[0];
  // b2 has the better success rate, hence the higher effective score.
  assert.equal(survivor.id, "b2");
  assert.equal(survivor.usage_count, 5);
  assert.equal(survivor.success_count, 4);
  assert.ok(
    survivor.relations.some((r) =>
      r.target_id === "b" && r.relation_type === "supersedes" && r.annotation === POOL_MERGE_MARK
    ),
  );
});

Deno.test("edges follow their units: remapped to the survivor, dropped with dead units", () => {
  const merged = mergePools(canonical, winner, { clock: clock() });
  const keys = merged.edges.map((e) => `${e.source}>${e.target}:${e.type}`).sort();
  assert.deepEqual(keys, ["m:a>m:b2:SIMILAR", "m:c>m:b2:SIMILAR", "q:t-a>m:a:HAS_MEMORY"]);
  const ab = merged.edges.find((e) => e.source === "m:a")!;
  assert.equal(ab.usage_count, 5, "statistics are carried, never summed twice");
  assert.equal(ab.success_count, 3);
  assert.equal(ab.weight, 0.85, "the winner's weight is the newer one");
});

Deno.test("merging the same winner twice changes nothing (idempotence)", () => {
  const once = mergePools(canonical, winner, { clock: clock() });
  const twice = mergePools(once, winner, { clock: clock() });
  assert.deepEqual(twice, once);
  const thrice = mergePools(twice, winner, { clock: clock() });
  assert.deepEqual(thrice, once);
});

Deno.test("a merge leaves both inputs untouched", () => {
  const before = structuredClone([canonical, winner]);
  mergePools(canonical, winner, { clock: clock() });
  assert.deepEqual([canonical, winner], before);
});

Deno.test("duplicates inside the canonical pool itself are folded too", () => {
  const pool: StoreSnapshot = {
    units: [unit("x", "same", { usage_count: 1 }), unit("y", "same", { usage_count: 2 })],
    edges: [],
  };
  const merged = mergePools(pool, { units: [], edges: [] }, { clock: clock() });
  assert.equal(merged.units.length, 1);
  assert.equal(merged.units[0].usage_count, 3);
  assert.deepEqual(mergePools(merged, { units: [], edges: [] }, { clock: clock() }), merged);
});

Deno.test("entity nodes are kept while a surviving edge still reaches them", () => {
  const entity = (name: string) => ({
    id: `e:tag:${name}`,
    type: "tag",
    name,
    aliases: [],
    summary: "",
  });
  const withEntities: StoreSnapshot = {
    units: canonical.units,
    edges: [
      { source: "m:a", target: "e:tag:kept", type: "HAS_ENTITY", weight: 1 },
      { source: "m:pruned", target: "e:tag:orphan", type: "HAS_ENTITY", weight: 1 },
    ],
    entities: [entity("kept"), entity("orphan")],
  };
  const merged = mergePools(withEntities, winner, { clock: clock() });
  assert.deepEqual(merged.entities?.map((e) => e.id), ["e:tag:kept"]);
  assert.deepEqual(mergePools(merged, winner, { clock: clock() }), merged);
  assert.equal(mergePools(canonical, winner, { clock: clock() }).entities, undefined);
});

Deno.test("maintainPool curates, drops harmful and stale units, and cleans up", async () => {
  const scratch = await Deno.makeTempDir({ prefix: "automem_pool_test_" });
  try {
    const pool: StoreSnapshot = {
      units: [
        unit("harmful", "always fails", { usage_count: 10, success_count: 0 }),
        unit("good", "always works", { usage_count: 10, success_count: 10, confidence: 0.5 }),
        unit("fine", "mostly works", { usage_count: 5, success_count: 5 }),
        unit("stale", "never used", { created_at: "2026-01-01T00:00:00.000Z" }),
        unit("fresh", "new and unused", { created_at: "2026-01-02T23:00:00.000Z" }),
        unit("inactive", "already gone", { is_active: false }),
      ],
      edges: [
        { source: "m:good", target: "m:fine", type: "SIMILAR", weight: 0.9 },
        { source: "m:harmful", target: "m:good", type: "SIMILAR", weight: 0.8 },
      ],
    };
    const result = await maintainPool(pool, {
      embedder: new HashEmbedder(32),
      clock: logicalClock(Date.UTC(2026, 0, 3), 0),
      dir: scratch,
    });
    assert.deepEqual(result.ops.map((o) => o.op), [...POOL_MAINTENANCE_OPS]);
    assert.ok(result.ops.every((o) => !o.error), JSON.stringify(result.ops));
    const ids = result.pool.units.map((u) => u.id).sort();
    assert.deepEqual(ids, ["fine", "fresh", "good"]);
    const good = result.pool.units.find((u) => u.id === "good")!;
    assert.ok(Math.abs(good.confidence - (0.7 * 1 + 0.3 * 0.5)) < 1e-9, "quality curation ran");
    assert.ok(result.pool.units.every((u) => u.embedding?.length === 32));
    assert.deepEqual(result.pool.edges.map((e) => `${e.source}>${e.target}`), ["m:good>m:fine"]);
    assert.deepEqual([...Deno.readDirSync(scratch)], [], "the temporary store is removed");
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
