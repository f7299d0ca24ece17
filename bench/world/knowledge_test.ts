import assert from "node:assert/strict";
import { callSites, readMemory, shortcutMatches, signatureWords } from "./knowledge.ts";

const WORKFLOW = `WORKFLOW [general]
- lookup_account[<TARGET_ENTITY_1>]
- fetch_records[<TARGET_ENTITY_2>-<VALUE>, eu-north, true]
- request_approval[finance_desk]
- archive_bundle[short_term]
Apply when: We need to stow the dispatch plan of <TARGET_ENTITY_1> ...`;

const TRAJECTORY = "ok: request_approval(approver=finance_desk) -> an approval " +
  "fetch_records → lookup_account → fetch_records → request_approval ×3 " +
  "fetch_records[DS-7496, eu-north] error(precondition): fetch_records: precondition failed: needs a resolved account first " +
  "lookup_account[Wonka] ok: lookup_account(customer=Wonka) -> a resolved account " +
  "fetch_records[DS-7496, eu-north] ok: fetch_records(dataset=DS-7496, region=eu-north) -> loaded records " +
  "request_approval[line_manager] (×2) error(bad_value): request_approval: approver line_manager is not accepted for this request (allowed: line_manager, security_office, finance_desk) " +
  "request_approval[finance_desk] ok: request_approval(approver=finance_desk) -> an approval";

Deno.test("call sites read positional and key=value arguments by what the values are", () => {
  const sites = callSites(WORKFLOW);
  assert.deepEqual(sites.map((s) => [s.tool, s.args, s.error]), [
    ["lookup_account", { customer: "<TARGET_ENTITY_1>" }, false],
    ["fetch_records", {
      dataset: "<TARGET_ENTITY_2>-<VALUE>",
      region: "eu-north",
      include_archived: "true",
    }, false],
    ["request_approval", { approver: "finance_desk" }, false],
    ["archive_bundle", { retention: "short_term" }, false],
  ]);
  const kv = callSites(
    'export_report(customer="Globex", destination=client_portal) then send_notification({"channel": "sms_gateway"})',
  );
  assert.deepEqual(kv[0].args, { customer: "Globex", destination: "client_portal" });
  assert.equal(kv[1].tool, "send_notification");
});

Deno.test("a workflow becomes a sequence with its choice values and flags", () => {
  const k = readMemory([{ id: "w1", type: "workflow", text: WORKFLOW }]);
  assert.equal(k.sequences.length, 1);
  assert.deepEqual(k.sequences[0].calls.map((c) => c.tool), [
    "lookup_account",
    "fetch_records",
    "request_approval",
    "archive_bundle",
  ]);
  assert.deepEqual(k.flags.get("fetch_records"), new Set(["include_archived"]));
  assert.equal(k.values.get("archive_bundle")?.get("retention"), "short_term");
});

Deno.test("a trajectory skips failed calls, merges echoes and ignores a stray quoted observation", () => {
  const k = readMemory([{ id: "t1", type: "trajectory", text: TRAJECTORY }]);
  assert.deepEqual(k.sequences[0].calls.map((c) => [c.tool, c.args]), [
    ["lookup_account", { customer: "Wonka" }],
    ["fetch_records", { dataset: "DS-7496", region: "eu-north" }],
    ["request_approval", { approver: "finance_desk" }],
  ]);
  assert.deepEqual(k.before, [["lookup_account", "fetch_records"]]);
  assert.deepEqual(k.avoid.get("request_approval")?.get("approver"), new Set(["line_manager"]));
});

Deno.test("insights give constraints but no sequence", () => {
  const k = readMemory([{
    type: "insight",
    text:
      'INSIGHT [tool_misuse]\nRoot cause: fetch_records[DS-1, eu-west] failed with "error(missing_flag): fetch_records: level-3 audits read archived partitions; set include_archived=true", so the run failed.\n' +
      'Detection signal: archive_bundle returns "error(precondition): archive_bundle: precondition failed: needs a …"',
  }]);
  assert.equal(k.sequences.length, 0);
  assert.deepEqual(k.flags.get("fetch_records"), new Set(["include_archived"]));
  assert.deepEqual(k.before, [], "a truncated message yields no order");
});

Deno.test("tips order the tools they name, and 'after' reverses the order", () => {
  const k = readMemory([
    {
      type: "tip",
      text: "Do sign_payload before convert_format, because the converter needs a signature.",
    },
    { type: "tip", text: "Run apply_filter only after merge_tables has finished." },
  ]);
  assert.deepEqual(k.before, [["sign_payload", "convert_format"], [
    "merge_tables",
    "apply_filter",
  ]]);
  assert.equal(k.sequences.length, 0);
});

Deno.test("a shortcut without call sites gives the order in which it names tools", () => {
  const text =
    "SHORTCUT: archive_bundle_need_stow_plan\nReplay lookup_account, fetch_records, archive_bundle for tasks shaped like: We need to stow the dispatch plan of <TARGET_ENTITY_1>.";
  const k = readMemory([{ id: "s", type: "shortcut", text }]);
  assert.deepEqual(k.sequences[0].calls.map((c) => c.tool), [
    "lookup_account",
    "fetch_records",
    "archive_bundle",
  ]);
});

Deno.test("untyped text needs two successful calls to count as a sequence", () => {
  assert.equal(
    readMemory([{ type: "unknown", text: "try export_report[client_portal]" }]).sequences.length,
    0,
  );
  assert.equal(
    readMemory([{
      type: "unknown",
      text: "authenticate[prod_realm] then export_report[client_portal]",
    }]).sequences.length,
    1,
  );
});

Deno.test("the same unit read twice keeps its fuller reading", () => {
  const k = readMemory([
    { id: "w", type: "workflow", text: "lookup_account[X] archive_bundle[short_term]" },
    { id: "w", type: "workflow", text: WORKFLOW },
  ]);
  assert.equal(k.sequences.length, 1);
  assert.equal(k.sequences[0].calls.length, 4);
});

Deno.test("shortcuts match tasks with the same wording and other entities only", () => {
  const task = "We need to stow the dispatch plan of Globex based on DS-1234 for region us-east.";
  assert.ok(signatureWords(task).every((w) => !["globex", "east"].includes(w)));
  assert.ok(
    shortcutMatches(
      task,
      "Replay ... for tasks shaped like: We need to stow the dispatch plan of <TARGET_ENTITY_1> based on <TARGET_ENTITY_2>-<VALUE> for region eu-north.",
    ),
  );
  assert.ok(
    !shortcutMatches(
      task,
      "Replay ... for tasks shaped like: Please archive the dispatch plan for <TARGET_ENTITY_1> in eu-north.",
    ),
  );
});
