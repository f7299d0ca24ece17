import assert from "node:assert/strict";
import type { EvalProtocol } from "../search/artifacts.ts";
import { buildDetail, recordedLimit } from "./run_detail.ts";
import { emptyProgress } from "./progress_state.ts";

const protocol = (
  recorded: Record<string, unknown>,
  flags: Record<string, unknown>,
): EvalProtocol => ({
  schema_version: 1,
  digest: "abc",
  components: { flags, models: { task: "m1", search: null }, seed: 7, dataset_hash: "h" },
  recorded,
});

Deno.test("limits come from recorded settings first, then flags; null, zero or absent is no limit", () => {
  const p = protocol({ max_tokens: 1000, max_cost_usd: null }, {
    max_tokens: 5,
    max_cost_usd: 3,
    max_wall_s: 0,
  });
  assert.equal(recordedLimit(p, "max_tokens"), 1000);
  assert.equal(recordedLimit(p, "max_cost_usd"), 3);
  assert.equal(recordedLimit(p, "max_wall_s"), null);
  assert.equal(recordedLimit(null, "max_tokens"), null);
});

Deno.test("the detail shows used against limit and the planned evaluations", () => {
  const state = emptyProgress();
  state.num_candidates = 3;
  state.view.evaluations = 4;
  const d = buildDetail({
    item: {
      id: "r",
      status: "running",
      interrupted: false,
      started: null,
      updated: null,
      benchmark: "world",
      dry_run: true,
      synthetic: true,
      phase: "round",
      rounds_done: 2,
      rounds_planned: 5,
      best_score: 0.5,
      best_lift: 0.1,
      tokens: 900,
      cost_usd: 0.5,
      stop_reason: null,
      error: null,
    },
    state,
    wall_s: 12,
    protocol: protocol({ max_tokens: 1000 }, {}),
    split: null,
    champion: null,
    search: null,
    baseline: null,
    summary: null,
    warnings: [],
  });
  assert.deepEqual(d.budget.tokens, { used: 900, limit: 1000 });
  assert.deepEqual(d.budget.cost_usd, { used: 0.5, limit: null });
  assert.deepEqual(d.budget.rounds, { used: 2, limit: 5 });
  assert.deepEqual(d.budget.evaluations, { used: 4, limit: 15 });
  assert.deepEqual(d.budget.wall_s, { used: 12, limit: null });
  assert.deepEqual(d.protocol?.models, { task: "m1", search: null });
  assert.equal(d.protocol?.seed, 7);
});
