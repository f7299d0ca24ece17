import assert from "node:assert/strict";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { parseSpec } from "../core/spec.ts";
import type { RetrievalQuery, Retriever, ScoredUnit } from "../retrieval/retriever_port.ts";
import { makeUnit, MemoryStoreDouble } from "../retrieval/testing/mod.ts";
import { type GuidanceContext, provideGuidance } from "./provide_guidance.ts";
import { SessionRegistry } from "./runtime/session.ts";
import { TraceBook } from "./trace_book.ts";

const unit = (id: string, task: string, principle: string) =>
  makeUnit(id, {
    text: principle,
    source_task_id: task,
    source_task_query: `the literal question of ${task}`,
  });

/** A retriever that returns a fixed list, ignoring the self-retrieval filter on purpose. */
class FixedRetriever implements Retriever {
  readonly name = "graph";
  readonly queries: { query: RetrievalQuery; topK: number }[] = [];
  constructor(
    readonly units: ScoredUnit[],
    readonly edges: [string, string, string][] = [],
  ) {}
  retrieve(query: RetrievalQuery, topK: number) {
    this.queries.push({ query, topK });
    return Promise.resolve({
      units: this.units.slice(0, topK),
      retriever: this.name,
      used_edges: this.edges,
      notes: [],
    });
  }
}

async function context(retriever: Retriever, model?: ScriptedModel): Promise<GuidanceContext> {
  const spec = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store: "graph",
    retrieve: "graph",
    manage: "graph_consolidate",
  });
  if (!spec.ok) throw new Error("bad spec");
  const store = new MemoryStoreDouble({ kind: "graph" });
  await store.add([unit("seed", "t1", "seed advice")]);
  return {
    plan: compileSpec(spec.value, { baseDir: "/nonexistent", embeddingDim: 32 }),
    store,
    retriever,
    embedder: new HashEmbedder(32),
    sessions: new SessionRegistry(),
    traces: new TraceBook(),
    model,
  };
}

const task = { id: "me", text: "How do I verify a film director?" };

Deno.test("the task's own units are dropped even when the retriever returns them", async () => {
  const retriever = new FixedRetriever([
    { unit: unit("mine", "me", "my own advice"), score: 0.9, method: "graph_seed" },
    { unit: unit("theirs", "other", "other advice"), score: 0.5, method: "graph_seed" },
  ]);
  const ctx = await context(retriever);
  const g = await provideGuidance(ctx, task, "begin");
  assert.deepEqual(g?.unit_ids, ["theirs"]);
  assert.deepEqual(retriever.queries[0].query.excludeTaskIds, ["me"]);
  const trace = ctx.traces.get("me")!;
  assert.deepEqual(trace.retrievals[0].candidates.map((c) => c.id), ["theirs"]);
});

Deno.test("the edges that led to injected units are recorded for post-task feedback", async () => {
  const retriever = new FixedRetriever(
    [
      { unit: unit("hop", "t2", "expanded advice"), score: 0.6, method: "graph" },
      { unit: unit("seed", "t1", "seed advice"), score: 0.4, method: "graph_seed" },
    ],
    [["m:seed", "m:hop", "SIMILAR"], ["m:seed", "m:other", "SIMILAR"]],
  );
  const ctx = await context(retriever);
  await provideGuidance(ctx, task, "begin");
  const r = ctx.traces.get("me")!.retrievals[0];
  assert.deepEqual(r.injected_ids, ["hop"]);
  assert.deepEqual(r.used_edges, [["m:seed", "m:hop", "SIMILAR"]]);
  assert.equal(r.retriever, "graph");
});

Deno.test("the composer's model reply decides what is injected and the citations", async () => {
  const retriever = new FixedRetriever([
    { unit: unit("a", "t1", "advice a"), score: 0.5, method: "graph_seed" },
    { unit: unit("b", "t2", "advice b"), score: 0.4, method: "graph_seed" },
  ]);
  const model = new ScriptedModel({
    rules: [
      (req) =>
        req.purpose === "composer"
          ? { keep_ids: ["M1"], guidance: "Try b [M1].", no_guidance: false }
          : undefined,
    ],
    replies: [{ abstract_query: "verify a person's role" }],
  });
  const ctx = await context(retriever, model);
  const g = await provideGuidance(ctx, task, "begin");
  assert.deepEqual(g?.unit_ids, ["b"]);
  assert.equal(g?.text, "[Past experience, for reference only] Try b [memory:b].");
  const r = ctx.traces.get("me")!.retrievals[0];
  assert.equal(r.composer, "model");
  assert.equal(r.query.planner, "model");
  assert.equal(r.query.abstract, "verify a person's role");
});

Deno.test("a refresh asks for extra units so already injected ones can be dropped", async () => {
  const retriever = new FixedRetriever([
    { unit: unit("a", "t1", "advice a"), score: 0.5, method: "graph_seed" },
    { unit: unit("b", "t2", "advice b"), score: 0.4, method: "graph_seed" },
  ]);
  const ctx = await context(retriever);
  const begin = await provideGuidance(ctx, task, "begin");
  const refresh = await provideGuidance(ctx, task, "in", "progress so far");
  assert.deepEqual(begin?.unit_ids, ["a"]);
  assert.deepEqual(refresh?.unit_ids, ["b"]);
  assert.equal(retriever.queries[1].topK, ctx.plan.retrieve.top_k + 1);
  assert.equal(await provideGuidance(ctx, task, "in", "again"), null);
  assert.equal(retriever.queries.length, 2, "a denied refresh does not retrieve");
});
