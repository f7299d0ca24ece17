import assert from "node:assert/strict";
import type { TaskTrace } from "../../memory/provider_port.ts";
import { PROTECTED, redactTrace } from "./redact.ts";

Deno.test("a redacted trace keeps ids and scores but no query or unit text", () => {
  const trace: TaskTrace = {
    task_id: "t",
    retrievals: [{
      phase: "begin",
      outcome: "injected",
      query: { literal: "secret question", abstract: "secret", planner: "literal" },
      retriever: "hybrid",
      candidates: [{
        id: "u1",
        type: "tip",
        score: 0.5,
        method: "bm25",
        text: "secret unit",
        source_task_id: "s",
      }],
      injected_ids: ["u1"],
      composer: "fallback",
      guidance_tokens: 3,
      used_edges: [],
    }],
  };
  const r = redactTrace(trace)!;
  assert.ok(!JSON.stringify(r).includes("secret"));
  assert.equal(r.retrievals[0].candidates[0].text, PROTECTED);
  assert.deepEqual(r.retrievals[0].injected_ids, ["u1"]);
  assert.equal(redactTrace(null), null);
});
