import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { createCbrRerankRetriever, renderRerankPrompt, rerankScores } from "./cbr_rerank.ts";
import { CaseEmbeddingCache, cbrCandidates } from "./cbr.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

const SOURCES = {
  "convert currency rates": vec(0, 0.2),
  "count museum visitors": vec(1),
  "find a paper": vec(0, 1.0),
};

async function fixture() {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("u1", {
      text: "use the central bank table",
      source_task_query: "convert currency rates",
      vector: vec(3),
    }),
    makeUnit("u2", {
      text: "check the annual report",
      source_task_query: "count museum visitors",
      vector: vec(0, 0.5),
    }),
    makeUnit("u3", {
      text: "search the arxiv listing",
      source_task_query: "find a paper",
      vector: vec(4),
    }),
  ]);
  return { store, embedder: new TableEmbedder(SOURCES) };
}

Deno.test("cbr: ranks by max(case, content_weight·content) and labels the winning path", async () => {
  const { store, embedder } = await fixture();
  const pool = await cbrCandidates(makeQuery("q", qvec(0)), 15, {
    store,
    cache: new CaseEmbeddingCache(embedder),
    contentWeight: 0.7,
  });
  assert.deepEqual(pool.map((c) => [c.unit.id, c.method]), [
    ["u1", "cbr_case"],
    ["u2", "cbr_content"],
    ["u3", "cbr_case"],
  ]);
  assert.ok(Math.abs(pool[1].rank - 0.7 * Math.cos(0.5)) < 1e-6);
  assert.ok(Math.abs(pool[1].score - Math.cos(0.5)) < 1e-6, "reported score is the raw max");
});

Deno.test("cbr_rerank: scores the whole pool in exactly ONE model call and reorders by it", async () => {
  const { store, embedder } = await fixture();
  const model = new ScriptedModel({
    replies: [{
      scores: [{ index: 0, score: 1 }, { index: 1, score: 5 }, { index: 2, score: 10 }],
    }],
  });
  const r = createCbrRerankRetriever(planFor("cbr_rerank"), { store, embedder, model });
  const res = await r.retrieve(makeQuery("find the source", qvec(0)), 4);
  assert.equal(model.calls.length, 1);
  const prompt = model.calls[0].messages.map((m) => m.content).join("\n");
  for (const text of ["find the source", "[0]", "[2]", "search the arxiv listing"]) {
    assert.ok(prompt.includes(text), `prompt contains ${text}`);
  }
  assert.equal(model.calls[0].temperature, 0);
  // 0.5·cbr + 0.5·llm/10: u3 0.27+0.5, u2 0.31+0.25, u1 0.49+0.05.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["u3", "u2", "u1"]);
  assert.ok(Math.abs(res.units[2].score - Math.cos(0.2)) < 1e-6, "reports the raw CBR score");
  assert.equal(res.variant, undefined);
});

for (
  const [label, reply] of [
    ["a malformed reply", "sorry, I cannot score these"],
    ["a reply missing indices", { scores: [{ index: 0, score: 9 }] }],
    ["a reply with an out-of-range index", {
      scores: [0, 1, 2, 3].map((index) => ({ index, score: 5 })),
    }],
    ["a model error", new Error("endpoint down")],
  ] as const
) {
  Deno.test(`cbr_rerank: falls back to the CBR order on ${label}`, async () => {
    const { store, embedder } = await fixture();
    const model = new ScriptedModel({ replies: [reply as string] });
    const res = await createCbrRerankRetriever(planFor("cbr_rerank"), { store, embedder, model })
      .retrieve(makeQuery("find the source", qvec(0)), 4);
    assert.equal(model.calls.length, 1);
    assert.deepEqual(res.units.map((s) => s.unit.id), ["u1", "u2", "u3"]);
    assert.equal(res.variant, "cbr_rerank:cbr_fallback");
    assert.match(res.notes.join("\n"), /rerank fell back to the CBR order/);
  });
}

Deno.test("cbr_rerank: offline, a lexical rerank runs (variant cbr_rerank:lexical)", async () => {
  const { store, embedder } = await fixture();
  const res = await createCbrRerankRetriever(planFor("cbr_rerank"), { store, embedder })
    .retrieve(makeQuery("find a paper on graphs", qvec(0)), 4);
  assert.equal(res.variant, "cbr_rerank:lexical");
  // The shared source-task words lift u3 above u2, which leads on CBR alone.
  assert.deepEqual(res.units.map((s) => s.unit.id), ["u1", "u3", "u2"]);
});

Deno.test("cbr_rerank: source-task embeddings are computed once and cached by text", async () => {
  const { store, embedder } = await fixture();
  const r = createCbrRerankRetriever(planFor("cbr_rerank"), { store, embedder });
  await r.retrieve(makeQuery("q", qvec(0)), 4);
  await r.retrieve(makeQuery("q", qvec(1)), 4);
  assert.equal(embedder.batches.length, 1);
  assert.deepEqual([...embedder.batches[0]].sort(), Object.keys(SOURCES).sort());
});

Deno.test("rerankScores: accepts a complete reply and rejects repeats", () => {
  assert.deepEqual(
    rerankScores({ scores: [{ index: 1, score: 4 }, { index: 0, score: 10 }] }, 2),
    [1, 0.4],
  );
  assert.match(
    String(rerankScores({ scores: [{ index: 0, score: 4 }, { index: 0, score: 5 }] }, 2)),
    /scored twice/,
  );
});

Deno.test("renderRerankPrompt: lists every candidate and the last index", async () => {
  const { store, embedder } = await fixture();
  const pool = await cbrCandidates(makeQuery("q", qvec(0)), 15, {
    store,
    cache: new CaseEmbeddingCache(embedder),
    contentWeight: 0.7,
  });
  const prompt = renderRerankPrompt("What is X?", pool);
  assert.ok(prompt.includes("What is X?"));
  assert.ok(prompt.includes("from 0 to 2"));
  assert.ok(!prompt.includes("{{"));
});
