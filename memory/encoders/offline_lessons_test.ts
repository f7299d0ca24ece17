import assert from "node:assert/strict";
import type { TrajectoryStep } from "../../core/trajectory.ts";
import { contentText } from "../../core/unit.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { agentView } from "./offline_encoder.ts";
import { describeChange, tipDrafts } from "./offline_lessons.ts";
import {
  haltedFailure,
  MISSING_FLAG,
  records,
  recoveredSuccess,
  reflectionFailure,
  worldCall,
} from "./fixtures_test.ts";

/** A world-like task run by hand: success when the last observation completes the request. */
function worldRun(steps: TrajectoryStep[]): ExtractionInput {
  const text = "export the invoice summary for Globex from DS-7496 in eu-north.";
  const success = /request complete/.test(steps[steps.length - 1].observation ?? "");
  return {
    task: { id: "w-f00-t001", text, level: 1 },
    trajectory: { task_id: "w-f00-t001", query: text, steps },
    outcome: success ? { success, score: 1 } : {
      success,
      score: 0.1,
      failure_reason: `stopped; last error: ${steps[steps.length - 1].observation}`,
    },
    types: ["tip", "insight"],
  };
}

const PRECONDITION =
  "error(precondition): export_report: precondition failed: needs loaded records first";
const BAD_VALUE =
  "error(bad_value): export_report: destination client_portal is not accepted for this request (allowed: mail_relay, object_bucket, client_portal)";
const report = (destination: string) => ({ customer: "Globex", destination });
const done = "ok: export_report(customer=Globex, destination=mail_relay) -> an exported report; " +
  "request complete";
const textOf = (d: { content: Record<string, unknown> }) =>
  contentText({ type: "tip", content: d.content, use_when: [] });

Deno.test("a recovered error and a discovered bridge entity each yield one tip", () => {
  const tips = tipDrafts(agentView(recoveredSuccess()));
  assert.deepEqual(tips.map((t) => t.content.category), [
    "tool_and_search",
    "planning_and_decision",
  ]);
  const [tool, plan] = tips;
  assert.equal(
    tool.content.principle,
    'Do Search without quotation marks, because Search["<TARGET_ENTITY_1>"] failed with "Could not find ["<TARGET_ENTITY_1>"]."',
  );
  assert.deepEqual(tool.source_refs, ["step:0", "step:1"]);
  assert.match(
    String(plan.content.principle),
    /^Do Search\[<TARGET_ENTITY_1>\] before Search\[<RELATED_ENTITY_1>\]/,
  );
  assert.deepEqual(plan.source_refs, ["step:1", "step:2"]);
  for (const t of tips) assert.ok(!JSON.stringify(t.content).includes("Ann Lee"));
});

Deno.test("repeated unrecovered failures yield a change-strategy tip", () => {
  const [tip] = tipDrafts(agentView(haltedFailure()));
  assert.match(String(tip.content.principle), /^Do change the Search argument .* failed 3 times/);
  assert.deepEqual(tip.source_refs, ["step:0", "step:1", "step:2"]);
});

Deno.test("a stated correction becomes a planning tip with its reason", () => {
  const tips = tipDrafts(agentView(reflectionFailure()));
  assert.equal(tips.length, 1);
  assert.equal(
    tips[0].content.principle,
    "In the next trial, I will open drawer <N> before taking the mug (because I was stuck in a loop taking mug <N> from desk <N>)",
  );
  assert.deepEqual(tips[0].source_refs, ["step:2", "step:1"]);
});

Deno.test("describeChange names how a recovering argument differs", () => {
  assert.equal(describeChange("Creed", "Creed (band)"), "with a type qualifier in parentheses");
  assert.equal(
    describeChange("VIVA Media AG 2004", "VIVA Media"),
    "with a shorter query (the core name only)",
  );
  assert.equal(
    describeChange("Creed", "Creed band members"),
    "with a more specific query (an added detail)",
  );
  assert.equal(describeChange("Creed", "Nickelback"), "with a different argument (a related name)");
});

Deno.test("a precondition error teaches producer-before-consumer and quotes the error verbatim", () => {
  const [tip] = tipDrafts(agentView(worldRun([
    worldCall(0, "export_report", report("client_portal"), PRECONDITION),
    worldCall(1, "fetch_records", records, "ok: fetch_records(dataset=DS-7496) -> loaded records"),
    worldCall(2, "apply_filter", { rule: "active_only" }, "ok: apply_filter() -> a filtered view"),
    worldCall(3, "export_report", report("client_portal"), BAD_VALUE),
    worldCall(4, "export_report", report("mail_relay"), done),
  ])));
  assert.equal(
    tip.content.principle,
    `Do fetch_records before export_report, because export_report failed with "${PRECONDITION}"`,
  );
  assert.deepEqual(tip.source_refs, ["step:0", "step:1", "step:4"]);
  // A reader taking the order in which tools are named gets producer → consumer.
  const text = textOf(tip);
  assert.ok(text.indexOf("fetch_records") < text.indexOf("export_report"), text);
  assert.match(
    String(tip.content.micro_example),
    /^export_report\[[^\]]*client_portal\] failed → /,
  );
  assert.doesNotMatch(text, /capitali[sz]ation/);
});

Deno.test("a recovered missing flag names the flag to set and quotes the error", () => {
  const [tip] = tipDrafts(agentView(worldRun([
    worldCall(0, "fetch_records", records, MISSING_FLAG),
    worldCall(1, "fetch_records", { ...records, include_archived: true }, "ok: -> loaded records"),
    worldCall(2, "export_report", report("mail_relay"), done),
  ])));
  assert.match(
    String(tip.content.principle),
    /^Do fetch_records with include_archived=true, because fetch_records\[.*\] failed with "error\(missing_flag\): fetch_records: .*; set include_archived=true"$/,
  );
  assert.deepEqual(tip.source_refs, ["step:0", "step:1"]);
});

Deno.test("a recovered rejected value names the accepted and the rejected value", () => {
  const [tip] = tipDrafts(agentView(worldRun([
    worldCall(0, "export_report", report("client_portal"), BAD_VALUE),
    worldCall(1, "export_report", report("mail_relay"), done),
  ])));
  assert.equal(
    tip.content.principle,
    `Do export_report with destination=mail_relay instead of client_portal, because export_report[<TARGET_ENTITY_1>, client_portal] failed with "${BAD_VALUE}"`,
  );
  // The rejected call is marked failed, so no reader takes client_portal as the value to use.
  assert.match(String(tip.content.micro_example), /client_portal\] failed → export_report\[/);
});

Deno.test("capitalisation advice only when letter case is the one difference", () => {
  const caseOnly = worldRun([
    worldCall(0, "lookup_account", { customer: "globex" }, "error(x): lookup_account: not found"),
    worldCall(1, "lookup_account", { customer: "Globex" }, "ok: -> a resolved account"),
    worldCall(2, "export_report", report("mail_relay"), done),
  ]);
  assert.match(
    String(tipDrafts(agentView(caseOnly))[0].content.principle),
    /different capitalisation/,
  );
  const alsoValue = worldRun([
    worldCall(0, "export_report", { customer: "globex", destination: "client_portal" }, BAD_VALUE),
    worldCall(1, "export_report", report("mail_relay"), done),
  ]);
  const [tip] = tipDrafts(agentView(alsoValue));
  assert.doesNotMatch(textOf(tip), /capitali[sz]ation/);
  assert.match(String(tip.content.principle), /destination=mail_relay instead of client_portal/);
});

Deno.test("a value rejected again and again yields a tip naming the value to avoid", () => {
  const [tip] = tipDrafts(agentView(worldRun([
    worldCall(0, "export_report", report("client_portal"), BAD_VALUE),
    worldCall(
      1,
      "export_report",
      report("object_bucket"),
      BAD_VALUE.replace(/client_portal is/, "object_bucket is"),
    ),
  ])));
  assert.match(
    String(tip.content.principle),
    /^Do not pass destination client_portal to export_report; try another allowed value, because export_report failed 2 times with "error\(bad_value\)/,
  );
  assert.deepEqual(tip.source_refs, ["step:0", "step:1"]);
});
