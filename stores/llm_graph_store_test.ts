import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { Embedder } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { parseSpec } from "../core/spec.ts";
import { createLlmGraphStore, LlmGraphStore } from "./llm_graph_store.ts";
import { fixtureUnits, storeConformance, TEST_DIM, withTempDir } from "./store_conformance.ts";

const config = (dir: string, checkpointAfter?: number) => ({
  dir,
  embedding_dim: TEST_DIM,
  cold_start_threshold: 30,
  checkpoint_after: checkpointAfter,
});

storeConformance(
  "llm_graph",
  (dir, options) =>
    LlmGraphStore.open(config(dir, options?.checkpointAfter), {
      embedder: new HashEmbedder(TEST_DIM),
      clock: logicalClock(),
    }),
);

/** Hash embeddings, except that listed synonyms embed exactly like their canonical name. */
class SynonymEmbedder implements Embedder {
  readonly id = "synonyms";
  readonly dim = TEST_DIM;
  readonly texts: string[] = [];
  readonly #inner = new HashEmbedder(TEST_DIM);
  constructor(readonly synonyms: Record<string, string>) {}
  embed(texts: string[]): Promise<Float32Array[]> {
    this.texts.push(...texts);
    return this.#inner.embed(texts.map((t) => this.synonyms[t] ?? t));
  }
}

const reply = (entities: unknown[], facts: unknown[] = []) => JSON.stringify({ entities, facts });

Deno.test("llm_graph: one extraction call per unit; a malformed reply does not abort the batch", async () => {
  await withTempDir(async (dir) => {
    const model = new ScriptedModel({
      replies: [
        reply(
          [
            {
              name: "Wikipedia",
              labels: ["Website"],
              aliases: ["enwiki"],
              summary: "The encyclopedia.",
            },
            { name: "Infobox", labels: ["Concept"], aliases: [], summary: "" },
            { name: "x", labels: ["Concept"], aliases: [], summary: "too short, dropped" },
          ],
          [{
            source_entity: "enwiki",
            target_entity: "infobox",
            relation_type: "has part",
            fact: "Wikipedia pages have infoboxes.",
          }],
        ),
        "sorry, I cannot produce JSON today",
        reply([{ name: "en.wikipedia.org", labels: ["Website"], aliases: [], summary: "" }]),
      ],
    });
    const embedder = new SynonymEmbedder({ "en.wikipedia.org": "Wikipedia" });
    const store = await LlmGraphStore.open(config(dir), { embedder, clock: logicalClock(), model });
    try {
      const units = fixtureUnits(3);
      const result = await store.add(units);
      assert.deepEqual(result.added, units.map((u) => u.id));
      assert.equal(model.calls.length, 3);
      assert.match(
        model.calls[0].messages[1].content,
        new RegExp(units[0].source_task_query.slice(0, 20)),
      );
      const errors = store.lastIngestErrors();
      assert.deepEqual(errors.map((e) => [e.unit_id, e.code]), [[units[1].id, "invalid_json"]]);
      const entitiesOf = async (id: string) =>
        (await store.graph!.neighbours(`m:${id}`, ["HAS_ENTITY"])).map((n) => n.node);
      assert.deepEqual(await entitiesOf(units[0].id), ["e:concept:infobox", "e:website:wikipedia"]);
      assert.ok(
        (await entitiesOf(units[1].id)).length > 0,
        "the failed unit falls back to offline extraction",
      );
      assert.deepEqual(await entitiesOf(units[2].id), ["e:website:wikipedia"]);
      const { entities, edges } = await store.exportAll();
      const wiki = entities!.find((e) => e.id === "e:website:wikipedia")!;
      assert.deepEqual(wiki.aliases, ["enwiki", "en.wikipedia.org"]);
      assert.equal(wiki.summary, "The encyclopedia.");
      assert.ok(!entities!.some((e) => e.name === "x"));
      assert.deepEqual(edges.filter((e) => e.type === "HAS_PART"), [
        {
          source: "e:website:wikipedia",
          target: "e:concept:infobox",
          type: "HAS_PART",
          weight: 1,
          fact: "Wikipedia pages have infoboxes.",
        },
      ]);
      assert.equal(
        await store.graph!.derivedEdgeCount(),
        edges.filter((e) => e.type !== "HAS_MEMORY" && e.type !== "HAS_ENTITY").length,
      );
    } finally {
      await store.close();
    }
  });
});

Deno.test("llm_graph: offline extraction adds noun phrases and CO_OCCURS facts", async () => {
  await withTempDir(async (dir) => {
    const store = await LlmGraphStore.open(config(dir), {
      embedder: new HashEmbedder(TEST_DIM),
      clock: logicalClock(),
    });
    try {
      const [u] = fixtureUnits(1);
      const content = {
        ...u.content,
        principle: "Check the World Bank portal before the Excel export.",
      };
      await store.add([{ ...u, content }]);
      assert.deepEqual(store.lastIngestErrors(), []);
      const facts = await store.graph!.listEdges(["CO_OCCURS"]);
      assert.ok(
        facts.some((f) => f.source === "e:named:world_bank" && f.target === "e:named:excel"),
      );
      assert.ok(facts.every((f) => f.fact && f.source.startsWith("e:")));
    } finally {
      await store.close();
    }
  });
});

Deno.test("llm_graph: name vectors persist, so after reopening embedded names are not embedded again", async () => {
  await withTempDir(async (dir) => {
    const units = fixtureUnits(3);
    const first = new ScriptedModel({
      replies: [reply([{ name: "GitHub", labels: ["Platform"], aliases: [], summary: "" }])],
    });
    {
      const store = await LlmGraphStore.open(config(dir), {
        embedder: new SynonymEmbedder({}),
        clock: logicalClock(),
        model: first,
      });
      await store.add(units.slice(0, 2)); // the second unit has no reply left: offline fallback
      assert.deepEqual(store.lastIngestErrors().map((e) => e.code), ["script_exhausted"]);
      await store.close();
    }
    const embedder = new SynonymEmbedder({ "github.com": "GitHub" });
    const model = new ScriptedModel({
      replies: [reply([{ name: "github.com", labels: ["Website"], aliases: [], summary: "" }])],
    });
    const store = await LlmGraphStore.open(config(dir), { embedder, clock: logicalClock(), model });
    try {
      assert.equal(embedder.texts.length, 0);
      await store.add([units[2]]);
      // Offline entities get their vectors on first need; "GitHub" already had one on disk.
      assert.ok(embedder.texts.includes("github.com"));
      assert.ok(embedder.texts.includes("Wikipedia"));
      assert.ok(!embedder.texts.includes("GitHub"));
      assert.deepEqual(await store.graph!.neighbours(`m:${units[2].id}`, ["HAS_ENTITY"]), [
        { node: "e:platform:github", type: "HAS_ENTITY", weight: 1, direction: "out" },
      ]);
    } finally {
      await store.close();
    }
  });
});

Deno.test("createLlmGraphStore opens the plan's store directory", async () => {
  await withTempDir(async (dir) => {
    const parsed = parseSpec({
      schema_version: "1",
      encode: ["tip"],
      store: "llm_graph",
      retrieve: "graph",
      manage: "lightweight",
    });
    assert.ok(parsed.ok);
    const plan = compileSpec(parsed.value, { baseDir: dir, embeddingDim: TEST_DIM });
    const store = await createLlmGraphStore(plan, { embedder: new HashEmbedder(TEST_DIM) });
    try {
      assert.equal(store.kind, "llm_graph");
      const [u] = fixtureUnits(1);
      await store.add([u]);
      assert.equal((await store.health()).units, 1);
    } finally {
      await store.close();
    }
    const entries = [];
    for await (const e of Deno.readDir(`${dir}/store_llm_graph`)) entries.push(e.name);
    assert.ok(entries.includes("units.jsonl") || entries.includes("units.log.jsonl"));
  });
});
