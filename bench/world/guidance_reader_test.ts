import assert from "node:assert/strict";
import type { Guidance, TaskTrace } from "../../memory/provider_port.ts";
import { readGuidance } from "./guidance_reader.ts";

const trace: TaskTrace = {
  task_id: "t",
  retrievals: [
    {
      phase: "begin",
      outcome: "injected",
      query: { literal: "q", abstract: "", planner: "literal" },
      retriever: "hybrid",
      candidates: [
        {
          id: "u1",
          type: "workflow",
          score: 0.5,
          method: "semantic",
          text: "lookup_account[<X>] archive_bundle[long_term]",
          source_task_id: "s",
        },
        {
          id: "u2",
          type: "tip",
          score: 0.4,
          method: "keyword",
          text: "not cited",
          source_task_id: "s",
        },
      ],
      injected_ids: ["u1"],
      composer: "fallback",
      guidance_tokens: 10,
      used_edges: [],
    },
  ],
};

Deno.test("the guidance and the stored text of each cited unit are read and charged", () => {
  const g: Guidance = {
    phase: "begin",
    text: "WORKFLOW (hidden) [memory:u1]",
    unit_ids: ["u1"],
    tokens: 10,
  };
  const r = readGuidance(g, trace);
  assert.deepEqual(r.sources.map((s) => [s.id, s.type]), [["u1", "workflow"], ["u1", "workflow"]]);
  assert.equal(r.tokens, 10 + Math.ceil(trace.retrievals[0].candidates[0].text.length / 4));
});

Deno.test("without a trace only the guidance text is read, untyped", () => {
  const g: Guidance = { phase: "in", text: "some text", unit_ids: ["u9", "u8"], tokens: 3 };
  const r = readGuidance(g, undefined);
  assert.deepEqual(r.sources, [{ id: undefined, type: "unknown", text: "some text" }]);
  assert.equal(r.tokens, 3);
});
