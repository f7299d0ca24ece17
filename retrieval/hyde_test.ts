import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { createHydeRetriever, renderHydePrompt } from "./hyde.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

const QUESTION = "Which river flows through the capital?";
const PASSAGES = ["The river crosses the city centre.", "Its basin drains the northern plain."];

async function fixture() {
  const store = new MemoryStoreDouble();
  await store.add([makeUnit("lit", { vector: vec(0) }), makeUnit("hyp", { vector: vec(2) })]);
  const embedder = new TableEmbedder({
    [QUESTION]: vec(0),
    [PASSAGES[0]]: vec(2),
    [PASSAGES[1]]: vec(2),
  });
  return { store, embedder };
}

Deno.test("hyde: the question is rendered into the prompt the model receives", async () => {
  const { store, embedder } = await fixture();
  const model = new ScriptedModel({ replies: [{ passages: [PASSAGES[0]] }] });
  await createHydeRetriever(planFor("hyde"), { store, embedder, model })
    .retrieve(makeQuery(QUESTION, qvec(0)), 4);
  assert.equal(model.calls.length, 1);
  const prompt = model.calls[0].messages.map((m) => m.content).join("\n");
  assert.ok(prompt.includes(QUESTION), "the question text reaches the model");
  assert.ok(!/\{\{|\{query\}/.test(prompt), "no unrendered placeholder is left");
});

Deno.test("hyde: hypotheses move the search towards what an answer looks like", async () => {
  const { store, embedder } = await fixture();
  const model = new ScriptedModel({ replies: [{ passages: PASSAGES }] });
  const res = await createHydeRetriever(planFor("hyde", { n_hypotheses: 2 }), {
    store,
    embedder,
    model,
  }).retrieve(makeQuery(QUESTION, qvec(0)), 4);
  // mean(e0, e2, e2) normalised: cosine 2/√5 with "hyp", 1/√5 with "lit".
  assert.deepEqual(res.units.map((s) => s.unit.id), ["hyp", "lit"]);
  assert.ok(Math.abs(res.units[0].score - 2 / Math.sqrt(5)) < 1e-6);
  assert.equal(res.units[0].method, "hyde");
  assert.equal(res.variant, undefined);
});

Deno.test("hyde: offline it searches the literal query only (variant hyde:literal)", async () => {
  const { store, embedder } = await fixture();
  const res = await createHydeRetriever(planFor("hyde"), { store, embedder })
    .retrieve(makeQuery(QUESTION, qvec(0)), 4);
  assert.equal(res.variant, "hyde:literal");
  assert.deepEqual(res.units.map((s) => s.unit.id), ["lit", "hyp"]);
  assert.equal(embedder.batches.length, 0, "the literal's embedding was already given");
});

Deno.test("hyde: a failed hypothesis call falls back to the literal query with a note", async () => {
  const { store, embedder } = await fixture();
  const model = new ScriptedModel({ replies: ["no json here"] });
  const res = await createHydeRetriever(planFor("hyde"), { store, embedder, model })
    .retrieve(makeQuery(QUESTION, qvec(0)), 4);
  assert.equal(res.variant, "hyde:literal");
  assert.equal(res.units[0].unit.id, "lit");
  assert.match(res.notes.join("\n"), /hypotheses failed/);
});

Deno.test("hyde: uses the literal query even when the planner mixed an abstract in", async () => {
  const { store, embedder } = await fixture();
  const query = makeQuery(QUESTION, qvec(2), { abstract: "find river" });
  const res = await createHydeRetriever(planFor("hyde"), { store, embedder }).retrieve(query, 4);
  assert.deepEqual(embedder.batches, [[QUESTION]]);
  assert.equal(res.units[0].unit.id, "lit");
});

Deno.test("renderHydePrompt: asks for the configured number of passages", () => {
  const prompt = renderHydePrompt("  Why?  ", 3);
  assert.ok(prompt.includes("Write 3 hypothetical passage(s)"));
  assert.ok(prompt.includes("\n\nWhy?\n\n"));
});
