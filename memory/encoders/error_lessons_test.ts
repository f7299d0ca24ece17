import assert from "node:assert/strict";
import type { TrajectoryStep } from "../../core/trajectory.ts";
import { classifyError } from "./error_classes.ts";
import {
  describeArgsChange,
  errorQuote,
  fixFor,
  offendingValue,
  producerOf,
  quotedFix,
} from "./error_lessons.ts";

const ok = (i: number, tool: string, observation: string): TrajectoryStep => ({
  ref: `step:${i}`,
  kind: "action",
  tool,
  args: {},
  observation,
});

Deno.test("capitalisation is named only when letter case is the one difference", () => {
  assert.equal(
    describeArgsChange({ customer: "globex", destination: "a" }, {
      customer: "Globex",
      destination: "a",
    }),
    "with different capitalisation",
  );
  assert.equal(
    describeArgsChange({ customer: "Globex", destination: "client_portal" }, {
      customer: "Globex",
      destination: "mail_relay",
    }),
    "with destination=mail_relay instead of client_portal",
  );
  assert.equal(
    describeArgsChange({ customer: "globex", destination: "a" }, {
      customer: "Globex",
      destination: "b",
    }),
    "with customer=Globex instead of globex, with destination=b instead of a",
  );
});

Deno.test("argument changes: an added flag, a dropped argument, none, and a query rewrite", () => {
  assert.equal(
    describeArgsChange({ dataset: "DS-1", region: "eu-west" }, {
      dataset: "DS-1",
      region: "eu-west",
      include_archived: true,
    }),
    "with include_archived=true",
  );
  assert.equal(describeArgsChange({ a: "x", b: "y" }, { a: "x" }), "without b");
  assert.equal(describeArgsChange({ a: "x" }, { a: "x" }), undefined);
  assert.equal(
    describeArgsChange({ query: '"Ann Lee"' }, { query: "Ann Lee" }),
    "without quotation marks",
  );
  assert.equal(
    describeArgsChange({ realm: "sandbox_realm" }, { realm: "prod_realm" }, false),
    "with realm=prod_realm instead of sandbox_realm",
  );
});

Deno.test("the producer is the step whose result names the needed state, else the last one", () => {
  const steps = [
    ok(1, "fetch_records", "ok: fetch_records(dataset=DS-1) -> loaded records"),
    ok(2, "apply_filter", "ok: apply_filter(rule=active_only) -> a filtered view"),
  ];
  assert.equal(producerOf("loaded records", steps, true)?.tool, "fetch_records");
  assert.equal(producerOf("a filtered view", steps, false)?.tool, "apply_filter");
  assert.equal(producerOf("a merged table", steps, true)?.tool, "apply_filter");
  assert.equal(producerOf("a merged table", steps, false), undefined);
  assert.equal(producerOf(undefined, [], true), undefined);
});

Deno.test("fixes name the tool order, the flag and the rejected value", () => {
  const info = (text: string) => classifyError(text)!;
  assert.equal(
    fixFor(info("precondition failed: needs loaded records first"), {
      tool: "export_report",
      producer: "fetch_records",
    }),
    "Do fetch_records before export_report",
  );
  assert.equal(
    fixFor(info("precondition failed: needs loaded records first"), { tool: "export_report" }),
    "Do the step that produces loaded records before export_report",
  );
  assert.equal(
    fixFor(info("level-3 audits read archived partitions; set include_archived=true"), {
      tool: "fetch_records",
    }),
    "Do set include_archived=true on fetch_records",
  );
  assert.equal(
    fixFor(info("destination client_portal is not accepted for this request"), {
      tool: "export_report",
    }),
    "Do not pass destination client_portal to export_report; try another allowed value",
  );
  assert.equal(fixFor(info("Could not find [x]."), { tool: "Search" }), undefined);
});

Deno.test("quotes keep the error's first sentence verbatim; the offending value is found", () => {
  const obs =
    "error(bad_value): export_report: destination client_portal is not accepted for this request (allowed: mail_relay, object_bucket, client_portal)";
  const step: TrajectoryStep = {
    ref: "step:0",
    kind: "action",
    tool: "export_report",
    args: { customer: "Globex", destination: "client_portal" },
    observation: obs,
    error: true,
  };
  assert.equal(errorQuote(step), obs);
  assert.equal(
    errorQuote({ observation: "Could not find [x]. Similar: [y]." }),
    "Could not find [x].",
  );
  assert.equal(offendingValue(step, classifyError(obs)), "client_portal");
  assert.equal(
    offendingValue({ ...step, observation: "customer Globex is unknown" }, undefined),
    "Globex",
  );
  assert.equal(
    quotedFix("Do x", "t", "boom"),
    'Do x: t failed with "boom".',
  );
});
