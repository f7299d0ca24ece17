import assert from "node:assert/strict";
import type { ParetoFile, ProposalsFile, TaskFile } from "../search/artifacts.ts";
import { WITHHELD } from "./redact.ts";
import { paretoView, roundSummary, taskOutcome, withholdProse } from "./run_views.ts";
import {
  fixtureCandidate,
  fixtureProposed,
  fixtureResult,
  fixtureTask,
  fixtureTaskIds,
} from "./testing/fixture_artifacts.ts";
import { fixturePareto } from "./testing/fixture_state.ts";

const ids = fixtureTaskIds(1, 3);
const proposals = (n: number): ProposalsFile => ({
  schema_version: 1,
  round: 1,
  fold: 0,
  task_ids: ids,
  candidates: Array.from({ length: n }, (_, k) => fixtureProposed(fixtureCandidate(1, k))),
  proposer: { kind: "rules", attempts: 1, rejected: [], topped_up: 0, usage: {} },
  manifest_sha256: "x",
});

Deno.test("before its commit a round shows finished, running and pending candidates", () => {
  const files = new Map([
    [0, { result: fixtureResult(fixtureCandidate(1, 0), ids), attribution: null, tasks_done: 3 }],
    [1, { result: null, attribution: null, tasks_done: 2 }],
  ]);
  const r = roundSummary(1, null, proposals(3), files);
  assert.equal(r.status, "in_progress");
  assert.deepEqual(r.candidates.map((c) => [c.status, c.tasks_done]), [["ok", 3], ["running", 2], [
    "pending",
    0,
  ]]);
  assert.equal(r.candidates[0].metrics?.score, fixtureCandidate(1, 0).score);
  assert.equal(r.candidates[0].added_to_front, null, "front membership is known only at commit");
  assert.equal(r.aggregates, null);
});

Deno.test("task outcomes never carry trace text, and protected ones drop answers and errors", () => {
  const task = {
    ...fixtureTask(fixtureCandidate(1, 0), "t1", 0, "SECRET", false),
    error: "SECRET err",
  } as TaskFile;
  const open = taskOutcome(task, false);
  assert.equal(open.answer, "SECRET answer to t1");
  assert.equal(open.retrievals, 1);
  assert.equal(open.injected_units, 2);
  const hidden = taskOutcome(task, true);
  assert.equal(hidden.answer, null);
  assert.equal(hidden.error, WITHHELD);
  assert.ok(!JSON.stringify(hidden).includes("SECRET"));
  assert.ok(!JSON.stringify(open).includes("task text"));
});

Deno.test("withholding prose replaces every string and keeps the shape", () => {
  assert.deepEqual(withholdProse({ a: "x", b: [1, "y"], c: null }), {
    a: WITHHELD,
    b: [1, WITHHELD],
    c: null,
  });
});

Deno.test("the Pareto view flags front members and the champion, even a front entry missing from the archive", () => {
  const cands = [fixtureCandidate(1, 0), fixtureCandidate(1, 1), fixtureCandidate(1, 2)];
  const file: ParetoFile = fixturePareto(cands, 3);
  const v = paretoView(file, cands[1].fingerprint);
  assert.equal(v.points.length, 3);
  assert.deepEqual(
    v.points.filter((p) => p.on_front).map((p) => p.fingerprint).sort(),
    [...v.front].sort(),
  );
  assert.deepEqual(v.points.filter((p) => p.champion).map((p) => p.fingerprint), [
    cands[1].fingerprint,
  ]);
  const orphan = paretoView({ ...file, archive: file.archive.slice(1) }, null);
  assert.ok(v.front.every((fp) => orphan.points.some((p) => p.fingerprint === fp && p.on_front)));
});
