import assert from "node:assert/strict";
import { ModelError } from "../core/ports.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { extractionMessages, extractWithModel } from "./llm_graph_extract.ts";
import { fixtureUnits } from "./store_conformance.ts";

Deno.test("extractionMessages fills every placeholder of the prompt file", () => {
  const [u] = fixtureUnits(1);
  const [system, user] = extractionMessages(u);
  assert.equal(system.role, "system");
  assert.equal(user.role, "user");
  assert.match(system.content, /Website, DataSource/);
  assert.doesNotMatch(system.content + user.content, /\{\{/);
  assert.match(user.content, /^Memory unit type: tip\nTask outcome: \w+\nTask query: /);
  assert.ok(user.content.includes(u.source_task_query));
  assert.ok(user.content.includes(JSON.stringify(u.content, null, 1).slice(0, 50)));
});

Deno.test("extractWithModel maps labels to types and drops one-letter names", async () => {
  const model = new ScriptedModel({
    replies: [{
      entities: [
        { name: " Pandas ", labels: ["Tool", "Method"], aliases: ["pd"] },
        { name: "x", labels: [] },
        { name: "CSV", labels: [] },
      ],
      facts: [{ source_entity: "Pandas", target_entity: "CSV", relation_type: "READS" }],
    }],
  });
  const [u] = fixtureUnits(1);
  const out = await extractWithModel(model, u);
  assert.deepEqual(out.entities, [
    { type: "tool", name: "Pandas", aliases: ["pd"], summary: "", fuzzy: true },
    { type: "concept", name: "CSV", aliases: [], summary: "", fuzzy: true },
  ]);
  assert.deepEqual(out.facts, [{ source: "Pandas", target: "CSV", relation: "READS", fact: "" }]);
  assert.equal(model.calls[0].maxTokens, 800);
  assert.equal(model.calls[0].purpose, "llm_graph_extract");
});

Deno.test("extractWithModel rejects a reply of the wrong shape with a ModelError", async () => {
  const [u] = fixtureUnits(1);
  const wrongShape = new ScriptedModel({ replies: ['{"entities": [{"labels": []}]}'] });
  await assert.rejects(
    extractWithModel(wrongShape, u),
    (e: unknown) => e instanceof ModelError && e.code === "schema",
  );
  // A model that returns text without parsing it (no `json`) is parsed here.
  const textOnly = {
    id: "text-only",
    chat: () =>
      Promise.resolve({
        text: "no json here",
        usage: { promptTokens: 0, completionTokens: 0 },
        model: "t",
        cached: false,
      }),
  };
  await assert.rejects(
    extractWithModel(textOnly, u),
    (e: unknown) => e instanceof ModelError && e.code === "invalid_json",
  );
});
