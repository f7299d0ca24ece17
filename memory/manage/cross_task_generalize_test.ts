import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { crossTaskGeneralize } from "./cross_task_generalize.ts";
import {
  axisVec,
  KeywordEmbedder,
  makeUnit,
  MemoryStoreDouble,
  opContext,
  runOp,
  tilted,
} from "./testing/mod.ts";

const embedder = () => new KeywordEmbedder(8, [["dates", axisVec(0)], ["units", axisVec(3)]]);

async function fixture(kind: "json" | "graph" = "json") {
  const store = new MemoryStoreDouble({ kind });
  await store.add([
    makeUnit("d1", {
      source_refs: ["D1:1"],
      text: "Verify dates in primary sources",
      embedding: axisVec(0),
      source_task_id: "t1",
      confidence: 0.9,
    }),
    makeUnit("d2", {
      source_refs: ["D1:2"],
      text: "Check dates against primary sources",
      embedding: tilted(0, 0.95),
      source_task_id: "t2",
      confidence: 0.6,
    }),
    makeUnit("d3", {
      source_refs: ["D2:5"],
      text: "Confirm dates with primary sources",
      embedding: tilted(0, 0.92),
      source_task_id: "t3",
      confidence: 0.7,
    }),
    makeUnit("u1", {
      source_refs: ["D3:1"],
      text: "Convert units before comparing",
      embedding: axisVec(3),
      source_task_id: "t1",
    }),
    makeUnit("u2", {
      source_refs: ["D3:2"],
      text: "Normalise units before comparing",
      embedding: tilted(3, 0.9),
      source_task_id: "t4",
    }),
    makeUnit("same", {
      source_refs: ["D1:1"],
      text: "Dates again dates",
      embedding: tilted(0, 0.99),
      source_task_id: "t1",
    }),
  ]);
  return store;
}

Deno.test("cross_task_generalize (offline) turns each cross-task component into one principle", async () => {
  const store = await fixture();
  const out = await runOp(crossTaskGeneralize, opContext(store, { embedder: embedder() }));
  assert.equal(out.created, 2);
  const ps = (await store.list()).filter((u) => u.source_task_id === "cross_task");
  const dates = ps.find((p) => p.source_refs.includes("D2:5"))!;
  assert.deepEqual(dates.source_refs, ["D1:1", "D1:2", "D2:5"], "members' turns, deduplicated");
  assert.equal(dates.content.source_task_count, 3);
  assert.equal(dates.content.source_unit_count, 4);
  assert.equal(dates.confidence, 0.6);
  assert.equal(dates.task_outcome, "");
  assert.match(dates.content.principle as string, /^Across 3 tasks: /);
  assert.deepEqual(dates.relations.map((r) => r.relation_type), [
    "reinforces",
    "reinforces",
    "reinforces",
    "reinforces",
  ]);
  assert.notEqual(dates.content.topic, "cross_task_principle", "no shared hub topic");
});

Deno.test("cross_task_generalize run twice creates nothing the second time", async () => {
  const store = await fixture();
  const model = new ScriptedModel({
    rules: [
      (r) =>
        r.messages[0].content.includes("dates")
          ? { principle: "Check dates in primary sources." }
          : { principle: "Normalise units first." },
    ],
  });
  await runOp(crossTaskGeneralize, opContext(store, { embedder: embedder(), model }));
  const calls = model.calls.length;
  const n = await store.count();
  const again = await runOp(crossTaskGeneralize, opContext(store, { embedder: embedder(), model }));
  assert.equal(again.created, 0);
  assert.equal(await store.count(), n);
  assert.equal(model.calls.length, calls, "covered groups are not asked again");
});

Deno.test("cross_task_generalize never creates a near-duplicate of an existing principle", async () => {
  const store = await fixture();
  await store.add([
    makeUnit("old", {
      source_task_id: "cross_task",
      task_outcome: "",
      text: "old dates principle",
      embedding: tilted(0, 0.9),
    }),
  ]);
  const out = await runOp(crossTaskGeneralize, opContext(store, { embedder: embedder() }));
  assert.equal(out.created, 1, "only the units group is new");
  const ps = (await store.list()).filter((u) => u.source_task_id === "cross_task");
  assert.deepEqual(ps.map((p) => p.id).sort(), ["cross_task_generalize(u1,u2)", "old"]);
});

Deno.test("cross_task_generalize (graph) groups by entity and ignores hub entities", async () => {
  const store = await fixture("graph");
  const g = store.graph!;
  for (const id of ["d1", "d2", "d3"]) {
    await g.linkEntities(id, [{ type: "tag", name: "date_time" }, {
      type: "tag",
      name: "web_search",
    }]);
  }
  const fillers = Array.from(
    { length: 12 },
    (_, i) => makeUnit(`f${i}`, { text: `filler ${i}`, source_task_id: `tf${i}` }),
  );
  await store.add(fillers);
  for (const f of fillers) await g.linkEntities(f.id, [{ type: "tag", name: "web_search" }]);
  const model = new ScriptedModel({ replies: ["{not json"] });
  const out = await runOp(crossTaskGeneralize, opContext(store, { embedder: embedder(), model }));
  assert.equal(out.created, 1);
  assert.match(out.error!, /offline principle used: invalid_json/);
  assert.equal(model.calls.length, 1, "the hub entity formed no group");
  assert.match(model.calls[0].messages[0].content, /share a theme:\n\ndate_time\n/);
  const [p] = (await store.list()).filter((u) => u.source_task_id === "cross_task");
  assert.deepEqual(p.relations.map((r) => r.target_id), ["d1", "d2", "d3"]);
  assert.deepEqual(p.source_refs, ["D1:1", "D1:2", "D2:5"]);
  const nb = (await g.neighbours(`m:${p.id}`)).map((n) => `${n.type}:${n.node}`);
  assert.ok(nb.includes("HAS_ENTITY:e:tag:date_time"));
  assert.ok(nb.includes("REINFORCES:m:d2"));
});
