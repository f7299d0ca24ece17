import assert from "node:assert/strict";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { buildQuery } from "./query.ts";

const embedder = new HashEmbedder(32);
const TEXT = "  Who directed the film Quarry Road released in 1997?  ";

Deno.test("offline planning keeps the literal and adds an abstract intent", async () => {
  const q = await buildQuery("hybrid", TEXT, "", { embedder });
  assert.equal(q.literal, TEXT.trim());
  assert.notEqual(q.abstract, "");
  assert.equal(q.planner, "literal");
  assert.equal(q.embedding.length, 32);
});

Deno.test("hyde skips planning and embeds the literal query only", async () => {
  const model = new ScriptedModel();
  const q = await buildQuery("hyde", TEXT, "progress", { embedder, model });
  assert.equal(q.abstract, "");
  assert.equal(model.calls.length, 0);
  const [literal] = await embedder.embed([TEXT.trim()]);
  assert.deepEqual(Array.from(q.embedding), Array.from(literal));
});

Deno.test("with a model the planner's abstract is used and labelled", async () => {
  const model = new ScriptedModel({ replies: [{ abstract_query: "find the director of a film" }] });
  const q = await buildQuery("mmr", TEXT, "searched once", { embedder, model });
  assert.equal(q.planner, "model");
  assert.equal(q.abstract, "find the director of a film");
  assert.equal(model.calls.length, 1);
  assert.match(model.calls[0].messages[0].content, /searched once/);
});
