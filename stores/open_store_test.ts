import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { STORE_KINDS, type StoreKind } from "../core/space.ts";
import { parseSpec } from "../core/spec.ts";
import { EMBEDDER_MARKER } from "./embedder_marker.ts";
import { openStore } from "./open_store.ts";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, TEST_DIM, withTempDir } from "./store_conformance.ts";

function planFor(store: StoreKind, baseDir: string) {
  const graph = store === "graph" || store === "llm_graph";
  const parsed = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store,
    retrieve: graph ? "graph" : "hybrid",
    manage: "lightweight",
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return compileSpec(parsed.value, { baseDir, embeddingDim: TEST_DIM });
}

Deno.test("openStore opens every store kind in the plan's directory, and reopens it", async () => {
  await withTempDir(async (dir) => {
    const deps = { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() };
    for (const kind of STORE_KINDS) {
      const plan = planFor(kind, dir);
      const store = await openStore(plan, deps);
      assert.equal(store.kind, kind);
      assert.equal(store.graph !== undefined, kind === "graph" || kind === "llm_graph");
      await store.add(fixtureUnits(2));
      await store.close();
      const again = await openStore(plan, deps);
      assert.equal(await again.count(), 2, kind);
      const health = await again.health();
      assert.equal(health.cold_start, true);
      await again.close();
      await Deno.stat(`${dir}/store_${kind}/units.log.jsonl`);
    }
  });
});

Deno.test("openStore refuses an embedder whose dimension differs from the plan's", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(
      openStore(planFor("json", dir), { embedder: new HashEmbedder(8), clock: logicalClock() }),
      (e: unknown) =>
        e instanceof StoreError && e.code === "embedding_dim" &&
        e.path.join(".") === "embedder.dim",
    );
  });
});

/** A json store in `dir` written by the hashing embedder, holding two units. */
async function jsonStoreWithTwoUnits(dir: string) {
  const clock = logicalClock();
  const hash = new HashEmbedder(TEST_DIM);
  const store = await openStore(planFor("json", dir), { embedder: hash, clock });
  await store.add(fixtureUnits(2));
  await store.close();
  return { clock, hash };
}

Deno.test("a store records its embedder and refuses another one with embedder_mismatch", async () => {
  await withTempDir(async (dir) => {
    const { clock, hash } = await jsonStoreWithTwoUnits(dir);
    const marker = JSON.parse(await Deno.readTextFile(`${dir}/store_json/${EMBEDDER_MARKER}`));
    assert.deepEqual(marker, { format: "automem-embedder-v1", id: hash.id, dim: TEST_DIM });
    // Same dimension, other embedder: the vectors would be compared across spaces.
    const other = { id: "other-embedder", dim: TEST_DIM, embed: hash.embed.bind(hash) };
    await assert.rejects(
      openStore(planFor("json", dir), { embedder: other, clock }),
      (e: unknown) =>
        e instanceof StoreError && e.code === "embedder_mismatch" &&
        e.message.includes(`'${hash.id}'`) && e.message.includes("'other-embedder'") &&
        e.message.includes("AUTOMEM_EMBEDDER=hash"),
    );
    const again = await openStore(planFor("json", dir), { embedder: hash, clock });
    assert.equal(await again.count(), 2);
    await again.close();
  });
});

Deno.test("a store written before embedder ids were recorded is adopted, or refused by dimension", async () => {
  await withTempDir(async (dir) => {
    const { clock, hash } = await jsonStoreWithTwoUnits(dir);
    const markerPath = `${dir}/store_json/${EMBEDDER_MARKER}`;
    await Deno.remove(markerPath);
    const wider = new HashEmbedder(TEST_DIM * 2);
    const plan = compileSpec(planFor("json", dir).spec, { baseDir: dir, embeddingDim: wider.dim });
    await assert.rejects(
      openStore(plan, { embedder: wider, clock }),
      (e: unknown) =>
        e instanceof StoreError && e.code === "embedder_mismatch" &&
        e.message.includes("unrecorded embedder") && e.message.includes(`dim ${TEST_DIM * 2}`),
    );
    await assert.rejects(Deno.stat(markerPath), Deno.errors.NotFound);
    const adopted = await openStore(planFor("json", dir), { embedder: hash, clock });
    await adopted.close();
    assert.equal(JSON.parse(await Deno.readTextFile(markerPath)).id, hash.id);
  });
});

Deno.test("a damaged embedder marker is corrupt_file naming the marker", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/store_json`, { recursive: true });
    await Deno.writeTextFile(`${dir}/store_json/${EMBEDDER_MARKER}`, '{"format":"x"}');
    await assert.rejects(
      openStore(planFor("json", dir), {
        embedder: new HashEmbedder(TEST_DIM),
        clock: logicalClock(),
      }),
      (e: unknown) =>
        e instanceof StoreError && e.code === "corrupt_file" && e.path[0] === EMBEDDER_MARKER,
    );
  });
});
