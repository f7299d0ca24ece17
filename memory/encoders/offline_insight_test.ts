import assert from "node:assert/strict";
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { agentView } from "./offline_encoder.ts";
import { insightDraft } from "./offline_insight.ts";
import {
  haltedFailure,
  MISSING_FLAG,
  records,
  reflectionFailure,
  worldCall,
  wrongAnswer,
} from "./fixtures_test.ts";

/** A failed world-like run whose failure reason quotes its last error. */
function failedRun(steps: TrajectoryStep[], level = 1): ExtractionInput {
  const text = "archive the audit bundle for Globex from DS-7496 in eu-north.";
  return {
    task: { id: "w-f01-t002", text, level },
    trajectory: { task_id: "w-f01-t002", query: text, steps },
    outcome: {
      success: false,
      score: 0.1,
      failure_reason: `stopped after ${steps.length} calls; last error: ${
        steps.filter((s) => s.error).at(-1)?.observation
      }`,
    },
    types: ["insight"],
  };
}

const insight = (steps: TrajectoryStep[], level = 1) =>
  insightDraft(agentView(failedRun(steps, level)))!.content;

Deno.test("a level-3 missing flag: scope label, and the strategy quotes the flag to set", () => {
  const c = insight([
    worldCall(0, "authenticate", { realm: "prod_realm" }, "ok: -> an authenticated session"),
    worldCall(1, "fetch_records", records, MISSING_FLAG),
    worldCall(2, "fetch_records", records, MISSING_FLAG),
  ], 3);
  assert.equal(c.failure_pattern, "scope_error");
  const strategy = String(c.corrective_strategy);
  assert.match(
    strategy,
    /^Do set include_archived=true on fetch_records: fetch_records failed with "/,
  );
  assert.match(strategy, /; set include_archived=true"\.$/);
  assert.match(
    String(c.root_cause_conclusion),
    /set include_archived=true" and 1 later fetch_records/,
  );
});

Deno.test("a rejected value names the value to avoid and is a wrong value, not a format error", () => {
  const badFormat =
    "error(bad_value): convert_format: format csv_file is not accepted for this request (allowed: csv_file, json_file, parquet_file)";
  const c = insight([
    worldCall(0, "compute_stats", { metric: "error_rate" }, "ok: -> computed metrics"),
    worldCall(1, "convert_format", { format: "csv_file" }, badFormat),
  ]);
  assert.equal(c.failure_pattern, "wrong_value");
  assert.equal(
    c.corrective_strategy,
    `Do not pass format csv_file to convert_format; try another allowed value: convert_format failed with "${badFormat}".`,
  );
});

Deno.test("a precondition names the producer when the run shows it, else the missing state", () => {
  const needs =
    "error(precondition): archive_bundle: precondition failed: needs a verified checksum first";
  const seen = insight([
    worldCall(0, "archive_bundle", { retention: "short_term" }, needs),
    worldCall(1, "verify_checksum", { scan: "full_scan" }, "ok: -> a verified checksum"),
  ]);
  assert.equal(seen.failure_pattern, "tool_misuse");
  assert.equal(
    seen.corrective_strategy,
    `Do verify_checksum before archive_bundle: archive_bundle failed with "${needs}".`,
  );
  const unseen = insight([worldCall(0, "archive_bundle", { retention: "short_term" }, needs)]);
  assert.match(
    String(unseen.corrective_strategy),
    /^Do the step that produces a verified checksum before archive_bundle: /,
  );
});

Deno.test("a step outside the request is a scope error even when its message says 'format'", () => {
  const c = insight([
    worldCall(
      0,
      "convert_format",
      { format: "json_file" },
      "error(not_applicable): convert_format: not applicable: the file is already in its delivery format",
    ),
  ]);
  assert.equal(c.failure_pattern, "scope_error");
  assert.match(String(c.corrective_strategy), /^Do skip convert_format when the request/);
});

Deno.test("a foreign entity is a wrong entity and its name stays abstracted", () => {
  const c = insight([
    worldCall(
      0,
      "lookup_account",
      { customer: "Initech" },
      "error(wrong_entity): lookup_account: customer Initech is not part of this request",
    ),
  ]);
  assert.equal(c.failure_pattern, "wrong_entity");
  assert.match(
    String(c.corrective_strategy),
    /^Do give lookup_account the customer the task names, not <[A-Z_0-9]+>: /,
  );
  assert.ok(!JSON.stringify(c).includes("Initech"));
});

Deno.test("the root cause also quotes the tool's last error when its class differs", () => {
  const c = insight([
    worldCall(
      0,
      "close_ticket",
      { resolution: "resolved_fixed" },
      "error(precondition): close_ticket: precondition failed: needs an open ticket first",
    ),
    worldCall(1, "open_ticket", { priority: "low_pri" }, "ok: -> an open ticket"),
    worldCall(
      2,
      "close_ticket",
      { resolution: "closed_wontfix" },
      "error(bad_value): close_ticket: resolution closed_wontfix is not accepted for this request",
    ),
  ]);
  assert.match(
    String(c.root_cause_conclusion),
    /1 later close_ticket attempt\(s\) failed too \(last: "error\(bad_value\): close_ticket: resolution closed_wontfix is not accepted/,
  );
});

Deno.test("the insight names the first unrecovered failure and its pattern", () => {
  const d = insightDraft(agentView(haltedFailure()))!;
  assert.equal(d.content.failure_pattern, "incomplete_search");
  assert.match(
    String(d.content.root_cause_conclusion),
    /and 2 later Search attempt\(s\) failed too, so the run ran out of steps/,
  );
  assert.equal(
    d.content.state_mismatch_analysis,
    "Gave no answer where a 1-word name was expected",
  );
  assert.deepEqual(d.source_refs, ["step:0", "step:1", "step:2"]);
  assert.ok(!JSON.stringify(d.content).includes("VIVA"));
});

Deno.test("a rejected answer points the insight at the evidence it rested on, without the expected answer", () => {
  const d = insightDraft(agentView(wrongAnswer()))!;
  assert.equal(d.content.failure_pattern, "wrong_entity");
  assert.match(
    String(d.content.root_cause_conclusion),
    /^The run answered Finish\[<RELATED_ENTITY_1>\] on the strength of Search\[<TARGET_ENTITY_1>\]/,
  );
  assert.deepEqual(d.source_refs, ["step:0", "step:1"]);
  assert.ok(!JSON.stringify(d.content).includes("Sam Boyd"));
});

Deno.test("a reflection's own correction is the corrective strategy", () => {
  const d = insightDraft(agentView(reflectionFailure()))!;
  assert.equal(d.content.failure_pattern, "tool_misuse");
  assert.equal(
    d.content.corrective_strategy,
    "In the next trial, I will open drawer <N> before taking the mug.",
  );
  assert.deepEqual(d.source_refs, ["step:1"]);
});
