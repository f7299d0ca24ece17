import assert from "node:assert/strict";
import { compileSpec, RETRIEVER_DEFAULTS, TOP_K } from "./compiler.ts";
import { PRESETS } from "./presets.ts";
import { RUNTIME_POLICY_DIGEST } from "./runtime_policy.ts";
import { parseSpec } from "./spec.ts";

function spec(input: Record<string, unknown>) {
  const r = parseSpec({ schema_version: "1", ...input });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

Deno.test("the runtime policy digest equals the reference's", () => {
  assert.equal(
    RUNTIME_POLICY_DIGEST,
    "c24e99c17555ee4766bdb0afb3f8f177c06b801769bd8800b3a387b550a0bdfc",
  );
});

Deno.test("compiling resolves store dir, retriever params, management ops and freezes the plan", () => {
  const plan = compileSpec(
    spec({
      encode: ["tip", "workflow"],
      store: "graph",
      retrieve: "graph",
      manage: "graph_consolidate",
    }),
    { baseDir: "/tmp/r" },
  );
  assert.equal(plan.store.dir, "/tmp/r/store_graph");
  assert.equal(plan.retrieve.top_k, TOP_K);
  assert.equal(plan.retrieve.params.max_hops, 1);
  assert.deepEqual(plan.manage.periodic.slice(-5), [
    "quality_curation",
    "utility_audit",
    "size_capped_prune",
    "reindex_relations",
    "edge_weight_optimize",
  ]);
  assert.equal(plan.runtime.digest, RUNTIME_POLICY_DIGEST);
  assert.ok(Object.isFrozen(plan) && Object.isFrozen(plan.manage.op_settings));
  assert.throws(() => {
    (plan.retrieve as { top_k: number }).top_k = 9;
  });
});

Deno.test("only the selected retriever's and preset's settings are folded in (no dead fields)", () => {
  const plan = compileSpec(
    spec({ encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" }),
    { baseDir: "b" },
  );
  assert.deepEqual(Object.keys(plan.retrieve.params).sort(), [
    "episode_weight",
    "expansion_min_cosine",
    "expansion_weight",
    "expansion_words",
    "feedback_docs",
    "feedback_weight",
    "keyword_weight",
    "length_exponent",
    "neighbour_weight",
    "neighbour_window",
    "rrf_k",
    "semantic_weight",
    "soft_match_pool_idf",
    "soft_match_weight",
    "speaker_weight",
    "sub_k_min",
    "temporal_weight",
  ]);
  const ops = new Set([
    ...PRESETS.lightweight.post_task,
    ...PRESETS.lightweight.periodic,
    ...PRESETS.lightweight.on_insert,
  ]);
  assert.deepEqual(Object.keys(plan.manage.op_settings).sort(), [...ops].sort());
  assert.equal("gate_threshold" in plan.retrieve.params, false);
});

Deno.test("preset op order matches the reference exactly", () => {
  assert.deepEqual(PRESETS.lightweight, {
    post_task: [
      "access_stats_update",
      "boost_on_success",
      "penalize_on_failure",
      "signature_dedup",
    ],
    periodic: [
      "time_decay",
      "score_based_prune",
      "quality_curation",
      "utility_audit",
      "size_capped_prune",
    ],
    on_insert: ["signature_dedup", "conflict_detection"],
  });
  assert.deepEqual(PRESETS.tool_manager.on_insert, [
    "shortcut_validation",
    "signature_dedup",
    "conflict_detection",
  ]);
  assert.deepEqual(PRESETS.json_full.post_task, [
    "access_stats_update",
    "boost_on_success",
    "penalize_on_failure",
    "reflection_correction",
    "signature_dedup",
  ]);
});

Deno.test("op overrides are validated by name", () => {
  const s = spec({ encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" });
  const plan = compileSpec(s, { baseDir: "b", opOverrides: { time_decay: { decay_rate: 0.5 } } });
  assert.equal(plan.manage.op_settings.time_decay?.decay_rate, 0.5);
  assert.throws(
    () => compileSpec(s, { baseDir: "b", opOverrides: { time_decay: { bogus: 1 } } }),
    /unknown setting 'bogus'/,
  );
});

Deno.test("retriever overrides replace the defaults of known parameters and refuse unknown ones", () => {
  const s = spec({ encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" });
  const plan = compileSpec(s, { baseDir: "b", retrieveOverrides: { keyword_weight: 0 } });
  assert.equal(plan.retrieve.params.keyword_weight, 0);
  assert.equal(plan.retrieve.params.semantic_weight, RETRIEVER_DEFAULTS.hybrid.semantic_weight);
  assert.throws(
    () => compileSpec(s, { baseDir: "b", retrieveOverrides: { bogus: 1 } }),
    /unknown parameter 'bogus'/,
  );
});
