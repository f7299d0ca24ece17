import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { makeUnit, MemoryStoreDouble } from "../retrieval/testing/mod.ts";
import { embedUnits, failureContext, takeIn } from "./take_in.ts";
import { simplePlan } from "./testing/fixtures.ts";

const traj = (final_answer?: string) => ({ task_id: "t", query: "q", steps: [], final_answer });

Deno.test("the failure context quotes the answer (500 chars), and is empty on success", () => {
  assert.equal(failureContext({ success: true, score: 1, answer: "x" }, traj()), "");
  assert.equal(
    failureContext({ success: false, score: 0, answer: "Paris" }, traj()),
    "Task failed. Agent answer: Paris",
  );
  assert.equal(
    failureContext({ success: false, score: 0 }, traj("from the trajectory")),
    "Task failed. Agent answer: from the trajectory",
  );
  assert.equal(
    failureContext({ success: false, score: 0 }, traj()),
    "Task failed (no result captured).",
  );
  const long = failureContext({ success: false, score: 0, answer: "y".repeat(900) }, traj());
  assert.equal(long.length, "Task failed. Agent answer: ".length + 500);
});

Deno.test("embedUnits fills missing or wrong-size embeddings and leaves good ones alone", async () => {
  const make = (id: string, principle: string, vector: number[] | null) =>
    makeUnit(id, { text: principle, source_task_id: "t", vector });
  const embedder = new HashEmbedder(16);
  const good = Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : 0));
  const input = [make("a", "alpha", null), make("b", "beta", [1, 0]), make("c", "gamma", good)];
  const out = await embedUnits(input, embedder);
  assert.equal(out[0].embedding?.length, 16);
  assert.equal(out[1].embedding?.length, 16);
  assert.deepEqual(out[2].embedding, good);
  assert.equal(input[0].embedding, null, "inputs are not mutated");
  const [expected] = await embedder.embed(["alpha"]);
  assert.deepEqual(out[0].embedding, Array.from(expected));
});

Deno.test("an encoder that throws costs the extraction, not the post-task pass", async () => {
  const posted: string[] = [];
  const end = await takeIn(
    {
      plan: simplePlan("/nonexistent", 16),
      store: new MemoryStoreDouble(),
      encoder: () => Promise.reject(new Error("endpoint down")),
      management: {
        taskCount: 0,
        onInsert: () => Promise.resolve([]),
        postTask: (ctx) => {
          posted.push(ctx.task_id);
          return Promise.resolve([]);
        },
        runPeriodic: () => Promise.resolve([]),
      },
      embedder: new HashEmbedder(16),
      clock: logicalClock(),
      newId: () => "x",
    },
    { id: "t", text: "q" },
    traj(),
    { success: true, score: 1 },
    { unitIds: ["u"], edges: [] },
  );
  assert.deepEqual(end.extraction_failures, ["extraction failed: endpoint down"]);
  assert.deepEqual(end.inserted_ids, []);
  assert.deepEqual(posted, ["t"]);
  assert.deepEqual(end.used_unit_ids, ["u"]);
});
