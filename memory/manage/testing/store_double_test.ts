import assert from "node:assert/strict";
import { makeUnit } from "./fixtures.ts";
import { StoreDouble } from "./store_double.ts";

Deno.test("store double: add drops an exact duplicate of an active unit", async () => {
  const store = new StoreDouble();
  const a = makeUnit("a", { text: "same" });
  const b = makeUnit("b", { text: "same" });
  const r = await store.add([a, b]);
  assert.deepEqual(r.added, ["a"]);
  assert.deepEqual(r.deduped, [{ id: "b", existingId: "a" }]);
});

Deno.test("store double: remove is soft and list hides inactive units by default", async () => {
  const store = new StoreDouble();
  await store.add([makeUnit("a"), makeUnit("b")]);
  assert.equal(await store.remove(["a", "a", "zz"]), 1);
  assert.deepEqual((await store.list()).map((u) => u.id), ["b"]);
  assert.equal((await store.get("a"))?.is_active, false);
  assert.equal(await store.count({ activeOnly: false }), 2);
  assert.equal(await store.compact(), 1);
  assert.equal(await store.get("a"), undefined);
});

Deno.test("store double: units handed out are copies, so only update changes the store", async () => {
  const store = new StoreDouble();
  await store.add([makeUnit("a")]);
  const u = (await store.get("a"))!;
  u.usage_count = 9;
  assert.equal((await store.get("a"))!.usage_count, 0);
  await store.update([u]);
  assert.equal((await store.get("a"))!.usage_count, 9);
  await assert.rejects(() => store.update([makeUnit("nope")]), /unknown unit/);
});

Deno.test("store double: graph update never touches edges; relations become edges on add", async () => {
  const store = new StoreDouble({ kind: "graph" });
  await store.add([makeUnit("a")]);
  await store.add([
    makeUnit("b", {
      relations: [{ target_id: "a", relation_type: "reinforces", weight: 1, annotation: "" }],
    }),
  ]);
  await store.graph!.upsertEdges([{ source: "m:a", target: "m:b", type: "SIMILAR", weight: 0.9 }]);
  const a = (await store.get("a"))!;
  a.relations = [];
  await store.update([a]);
  const types = (await store.graph!.listEdges()).map((e) => e.type).sort();
  assert.deepEqual(types, ["HAS_MEMORY", "HAS_MEMORY", "REINFORCES", "SIMILAR"]);
  assert.equal(await store.graph!.derivedEdgeCount(), 2);
  await store.graph!.linkEntities("a", [{ type: "Tag", name: "Web Search!" }]);
  assert.deepEqual((await store.graph!.neighbours("m:a", ["HAS_ENTITY"])).map((n) => n.node), [
    "e:tag:web_search",
  ]);
});
