import assert from "node:assert/strict";
import { classifyError, ERROR_KINDS, ERROR_LABEL } from "./error_classes.ts";
import { FAILURE_PATTERNS } from "../unit_content.ts";

Deno.test("API error messages map to their class and the details a lesson needs", () => {
  const cases: [string, ReturnType<typeof classifyError>][] = [
    [
      "error(precondition): export_report: precondition failed: needs loaded records first",
      { kind: "precondition", needs: "loaded records" },
    ],
    [
      "error(missing_flag): fetch_records: level-3 audits read archived partitions; set include_archived=true",
      { kind: "missing_option", arg: "include_archived", value: "true" },
    ],
    [
      "error(bad_value): export_report: destination client_portal is not accepted for this request (allowed: mail_relay, object_bucket, client_portal)",
      { kind: "rejected_value", arg: "destination", value: "client_portal" },
    ],
    [
      "error(bad_format): authenticate: realm 'moon' must be one of: prod_realm, staging_realm",
      { kind: "rejected_value", arg: "realm", value: "moon" },
    ],
    [
      "error(wrong_entity): lookup_account: customer Initech is not part of this request",
      { kind: "wrong_entity", arg: "customer", value: "Initech" },
    ],
    [
      "error(bad_format): fetch_records: dataset 'XX-12' is not a valid dataset name",
      { kind: "malformed", arg: "dataset", value: "XX-12" },
    ],
    [
      "error(missing_arg): export_report: missing required argument 'destination' (one of: a, b)",
      { kind: "missing_argument", arg: "destination" },
    ],
    ["error(duplicate): authenticate: already done for this request", { kind: "duplicate" }],
    ["error(unknown_tool): fly: no such tool; available: a, b", { kind: "invalid_action" }],
    ["Could not find [Ann Lee]. Similar: ['Ann Lee (singer)'].", { kind: "not_found" }],
    ["upstream request timed out after 30 s", { kind: "timeout" }],
  ];
  for (const [text, want] of cases) assert.deepEqual(classifyError(text), want, text);
});

Deno.test("the class comes from the phrasing, not from a lone word such as 'format' or 'already'", () => {
  // Not applicable wins over "already" and "format" in the same message.
  assert.equal(
    classifyError(
      "error(not_applicable): convert_format: not applicable: the file is already in its delivery format",
    )?.kind,
    "not_applicable",
  );
  // A rejected value whose argument is called "format" is a wrong value, not a format error.
  assert.equal(
    classifyError("format csv_file is not accepted for this request")?.kind,
    "rejected_value",
  );
  assert.equal(classifyError("the payload is malformed")?.kind, "malformed");
  assert.equal(classifyError("I chose the format of the report"), undefined);
  assert.equal(classifyError("ok: convert_format(format=csv_file) -> a converted file"), undefined);
});

Deno.test("general precondition phrasings name the missing state; intentions do not count", () => {
  assert.deepEqual(classifyError("409: requires an open session before upload"), {
    kind: "precondition",
    needs: "an open session",
  });
  assert.deepEqual(classifyError("Precondition Failed"), { kind: "precondition" });
  assert.equal(classifyError("I need to search the band first."), undefined);
  assert.equal(classifyError("HTTP 409: resource already exists")?.kind, "duplicate");
});

Deno.test("every error class maps to a label of the vocabulary", () => {
  for (const k of ERROR_KINDS) assert.ok(FAILURE_PATTERNS.includes(ERROR_LABEL[k]), k);
  assert.equal(ERROR_LABEL.precondition, "tool_misuse");
  assert.equal(ERROR_LABEL.rejected_value, "wrong_value");
  assert.equal(ERROR_LABEL.wrong_entity, "wrong_entity");
  assert.equal(ERROR_LABEL.malformed, "format_error");
});
