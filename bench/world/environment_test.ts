import assert from "node:assert/strict";
import { formatCall, WorldEpisode } from "./environment.ts";
import type { WorldTask } from "./generator.ts";

const task: WorldTask = {
  id: "t",
  row: 0,
  family: "f00",
  cluster: 0,
  level: 3,
  text: "Please export the invoice summary for Globex using dataset DS-1234 in eu-west.",
  entities: { customer: "Globex", dataset: "DS-1234", region: "eu-west" },
  procedure: [
    { tool: "authenticate", choices: { realm: "prod_realm" }, flags: ["mfa"] },
    { tool: "fetch_records", choices: {}, flags: [] },
    { tool: "export_report", choices: { destination: "client_portal" }, flags: [] },
  ],
  drifted: false,
  budget: 11,
  variant: "t0s0v0",
};

const auth = { tool: "authenticate", args: { realm: "prod_realm", mfa: true } };
const fetch = { tool: "fetch_records", args: { dataset: "DS-1234", region: "eu-west" } };
const exp = { tool: "export_report", args: { customer: "Globex", destination: "client_portal" } };

Deno.test("the correct procedure completes the task with score 1", () => {
  const ep = new WorldEpisode(task);
  assert.match(
    ep.step(auth).observation,
    /^ok: authenticate\(realm=prod_realm, mfa=true\) -> an authenticated session$/,
  );
  assert.equal(ep.step(fetch).ok, true);
  const last = ep.step(exp);
  assert.equal(last.done, true);
  assert.match(last.observation, /request complete$/);
  assert.equal(ep.score, 1);
  assert.equal(ep.step(auth).code, "finished");
});

Deno.test("calling a later step names the missing state, not the tool", () => {
  const ep = new WorldEpisode(task);
  const r = ep.step(exp);
  assert.equal(r.code, "precondition");
  assert.equal(
    r.observation,
    "error(precondition): export_report: precondition failed: needs loaded records first",
  );
  assert.match(
    ep.step(fetch).observation,
    /fetch_records: precondition failed: needs an authenticated session first/,
  );
  ep.step(auth);
  assert.match(ep.step(auth).observation, /^error\(duplicate\): authenticate: already done/);
});

Deno.test("a tool outside the procedure is not applicable", () => {
  const r = new WorldEpisode(task).step({ tool: "merge_tables", args: { mode: "left_join" } });
  assert.equal(r.code, "not_applicable");
  assert.match(r.observation, /nothing to merge/);
  assert.equal(new WorldEpisode(task).step({ tool: "teleport", args: {} }).code, "unknown_tool");
});

Deno.test("argument errors are realistic: missing, bad format, wrong value, wrong entity, missing flag", () => {
  const ep = new WorldEpisode(task);
  assert.deepEqual(
    [
      ep.step({ tool: "authenticate", args: {} }),
      ep.step({ tool: "authenticate", args: { realm: "moon" } }),
      ep.step({ tool: "authenticate", args: { realm: "staging_realm" } }),
      ep.step({ tool: "authenticate", args: { realm: "prod_realm" } }),
    ].map((r) => r.observation),
    [
      "error(missing_arg): authenticate: missing required argument 'realm' (one of: prod_realm, staging_realm, sandbox_realm)",
      "error(bad_format): authenticate: realm 'moon' must be one of: prod_realm, staging_realm, sandbox_realm",
      "error(bad_value): authenticate: realm staging_realm is not accepted for this request (allowed: prod_realm, staging_realm, sandbox_realm)",
      "error(missing_flag): authenticate: level-3 requests need a second factor; set mfa=true",
    ],
  );
  ep.step(auth);
  assert.equal(
    ep.step({ tool: "fetch_records", args: { dataset: "<VALUE>", region: "eu-west" } }).code,
    "bad_format",
  );
  assert.equal(
    ep.step({ tool: "fetch_records", args: { dataset: "DS-9999", region: "eu-west" } }).code,
    "wrong_entity",
  );
  assert.equal(ep.step({ tool: "fetch_records", args: { region: "eu-west" } }).code, "missing_arg");
  assert.equal(ep.completed, 1);
  assert.equal(ep.calls, 8);
});

Deno.test("an unfinished task earns half credit for its correct prefix", () => {
  const ep = new WorldEpisode(task);
  assert.equal(ep.score, 0);
  ep.step(auth);
  assert.equal(ep.score, 0.1667);
  ep.step(fetch);
  assert.equal(ep.score, 0.3333);
});

Deno.test("formatCall writes arguments in catalogue order", () => {
  assert.equal(
    formatCall({ tool: "fetch_records", args: { region: "eu-west", dataset: "DS-1" } }),
    "fetch_records(dataset=DS-1, region=eu-west)",
  );
});
