import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { fingerprint, specLabel } from "../../core/spec.ts";
import { proposalContext, spec } from "../testing/specs.ts";
import { LlmProposer, MAX_ATTEMPTS } from "./llm_proposer.ts";

const item = (encode: string[], store: string, retrieve: string, manage = "lightweight") => ({
  candidate_id: 1,
  hypothesis: "h",
  architecture: { encode, store, retrieve, manage },
  diversity_role: "exploit",
  rationale: "r",
});

Deno.test("a fenced JSON array of valid proposals is accepted in one call", async () => {
  const model = new ScriptedModel({
    replies: [
      "Here:\n```json\n" +
      JSON.stringify([
        item(["tip"], "json", "hybrid"),
        item(["workflow"], "hybrid", "mmr"),
        item(["insight"], "vector", "contrastive"),
      ]) + "\n```",
    ],
  });
  const out = await new LlmProposer(model).propose(proposalContext());
  assert.deepEqual(out.candidates.map((c) => specLabel(c.architecture)), [
    "tip/json/hybrid/lightweight",
    "workflow/hybrid/mmr/lightweight",
    "insight/vector/contrastive/lightweight",
  ]);
  assert.equal(out.attempts, 1);
  assert.equal(out.topped_up, 0);
  assert.match(model.calls[0].messages[0].content, /Round 1 of 4/);
});

Deno.test("invalid, duplicate and evaluated proposals are rejected and the model re-asked", async () => {
  const evaluated = spec("tip/json/hybrid/lightweight");
  const model = new ScriptedModel({
    replies: [
      JSON.stringify([
        item(["tip"], "json", "hybrid"), // already evaluated
        { hypothesis: "no architecture" }, // schema
        item(["tip"], "json", "graph"), // repaired: store → graph
        item(["tip"], "graph", "graph"), // duplicate of the repaired one
        item(["tip"], "json", "hybrid", "skywork_unified"), // invalid preset
      ]),
      "not json at all",
      JSON.stringify([
        item(["workflow"], "vector", "mmr"),
        item(["insight"], "json", "cbr_rerank"),
      ]),
    ],
  });
  const out = await new LlmProposer(model).propose(
    proposalContext({ excluded: new Set([fingerprint(evaluated)]) }),
  );
  assert.equal(out.attempts, 3);
  assert.deepEqual(out.candidates.map((c) => specLabel(c.architecture)), [
    "tip/graph/graph/lightweight",
    "workflow/vector/mmr/lightweight",
    "insight/json/cbr_rerank/lightweight",
  ]);
  assert.match(out.candidates[0].repairs[0], /store: 'json' → 'graph'/);
  const reasons = out.rejected.map((r) => r.reason).join("\n");
  assert.match(reasons, /already evaluated/);
  assert.match(reasons, /architecture/);
  assert.match(reasons, /proposed twice/);
  assert.match(reasons, /Unknown management preset/);
  assert.match(model.calls[1].messages.at(-1)!.content, /^RETRY: 1 of 3/);
});

Deno.test("after the last attempt the rules proposer tops up, recorded as top_up", async () => {
  const model = new ScriptedModel({ rules: [() => "I cannot help with that."] });
  const out = await new LlmProposer(model).propose(proposalContext());
  assert.equal(out.attempts, MAX_ATTEMPTS);
  assert.equal(out.candidates.length, 3);
  assert.equal(out.topped_up, 3);
  assert.ok(out.candidates.every((c) => c.source === "top_up"));
  assert.equal(new Set(out.candidates.map((c) => fingerprint(c.architecture))).size, 3);
});

Deno.test("model errors count as failed attempts, not as a failed round", async () => {
  const model = new ScriptedModel({
    replies: [new Error("boom"), JSON.stringify([item(["tip"], "json", "hybrid")])],
  });
  const out = await new LlmProposer(model).propose(proposalContext({ k: 2 }));
  assert.equal(out.candidates.length, 2);
  assert.equal(out.candidates[0].source, "llm");
  assert.equal(out.topped_up, 1);
  assert.match(out.rejected[0].reason, /model call failed: boom/);
});
