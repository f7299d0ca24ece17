import assert from "node:assert/strict";
import { join } from "node:path";
import type { z } from "../core/zod.ts";
import { logicalClock } from "../core/clock.ts";
import { RunEventSchema } from "../search/events.ts";
import {
  CandidateDetailSchema,
  ErrorBodySchema,
  HealthSchema,
  LedgerViewSchema,
  ParetoViewSchema,
  RoundDetailSchema,
  RoundListSchema,
  RunDetailSchema,
  RunListSchema,
  UsageViewSchema,
} from "./api_schemas.ts";
import { createApp } from "./app.ts";
import { buildFixtureRun, type FixtureRun, SECRET } from "./testing/fixture_run.ts";

interface World {
  root: string;
  runs: string;
  finished: FixtureRun;
  running: FixtureRun;
  failed: FixtureRun;
  stale: FixtureRun;
  locomo: FixtureRun;
}

let world: Promise<World> | undefined;

// One set of fixtures for every test in this file: building them dominates the runtime.
function fixtures(): Promise<World> {
  world ??= (async () => {
    const root = await Deno.makeTempDir({ prefix: "automem_app_" });
    const runs = join(root, "runs");
    return {
      root,
      runs,
      finished: await buildFixtureRun(runs, { id: "fin", kind: "finished" }),
      running: await buildFixtureRun(runs, { id: "live", kind: "running", rounds: 1 }),
      failed: await buildFixtureRun(runs, { id: "broken", kind: "failed", rounds: 1 }),
      stale: await buildFixtureRun(runs, { id: "abandoned", kind: "stale", rounds: 1 }),
      locomo: await buildFixtureRun(runs, {
        id: "locomo_run",
        kind: "finished",
        protected: true,
        rounds: 1,
      }),
    };
  })();
  return world;
}

async function get<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: { status?: number; headers?: Record<string, string>; runsDir?: string; token?: string } =
    {},
): Promise<z.infer<S>> {
  const w = await fixtures();
  const app = createApp({
    runsDir: opts.runsDir ?? w.runs,
    token: opts.token,
    clock: logicalClock(Date.UTC(2026, 0, 5, 10), 0),
  });
  const res = await app.request(path, { headers: opts.headers });
  const text = await res.text();
  assert.equal(res.status, opts.status ?? 200, `${path}: ${text}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return schema.parse(JSON.parse(text));
}

const err = (status: number) => ({ status });

Deno.test("health reports the service, the time from the clock and whether auth is on", async () => {
  const body = await get("/api/health", HealthSchema);
  assert.equal(body.now, "2026-01-05T10:00:00.000Z");
  assert.equal(body.auth, false);
});

Deno.test("runs lists every run with the status derived from lock and events", async () => {
  const w = await fixtures();
  const { runs } = await get("/api/runs", RunListSchema);
  const by = Object.fromEntries(runs.map((r) => [r.id, r]));
  assert.deepEqual(Object.keys(by).sort(), ["abandoned", "broken", "fin", "live", "locomo_run"]);
  assert.equal(by.fin.status, "finished");
  assert.equal(by.live.status, "running");
  assert.equal(by.broken.status, "failed");
  assert.equal(by.broken.error, "model endpoint unreachable");
  assert.equal(by.abandoned.status, "stale");
  assert.equal(by.fin.rounds_done, 2);
  assert.equal(by.fin.rounds_planned, 4);
  assert.equal(by.fin.best_score, w.finished.expected.best_score);
  assert.equal(by.fin.tokens, w.finished.expected.tokens);
  assert.equal(by.live.tokens, w.running.expected.tokens);
  assert.equal(by.fin.cost_usd, 0.0168);
});

Deno.test("a folder that is not a run, or a run id with unsafe characters, is not listed", async () => {
  const w = await fixtures();
  await Deno.mkdir(join(w.runs, "notes"), { recursive: true });
  await Deno.writeTextFile(join(w.runs, "notes", "todo.txt"), "x");
  await Deno.mkdir(join(w.runs, "has space"), { recursive: true });
  await Deno.writeTextFile(join(w.runs, "has space", "events.jsonl"), "");
  const { runs } = await get("/api/runs", RunListSchema);
  assert.ok(!runs.some((r) => r.id === "notes" || r.id === "has space"));
});

Deno.test("run detail gives protocol, split sizes, progress, champion and budget vs limits", async () => {
  const d = await get("/api/runs/live", RunDetailSchema);
  assert.equal(d.run.status, "running");
  assert.equal(d.protocol?.digest, "0123456789abcdef01234567");
  assert.deepEqual(
    [d.split?.warmup, d.split?.search, d.split?.validation, d.split?.test],
    [4, 12, 5, 3],
  );
  assert.equal(d.progress.phase, "round");
  assert.equal(d.progress.round, 2);
  assert.equal(d.progress.candidates_total, 3);
  assert.equal(d.progress.candidates_done, 1);
  assert.equal(d.progress.tasks_done, 6 + 3);
  assert.equal(d.progress.tasks_total, 18);
  assert.equal(d.champion?.config_id, "r1_c1");
  assert.equal(d.budget.tokens.limit, 500000);
  assert.equal(d.budget.cost_usd.limit, 2);
  assert.equal(d.budget.wall_s.limit, 3600);
  assert.equal(d.budget.rounds.used, 1);
  assert.equal(d.budget.rounds.limit, 4);
  assert.equal(d.budget.evaluations.limit, 12);
  assert.deepEqual(d.warnings, []);
  assert.equal(d.protected, false);
});

Deno.test("rounds list committed rounds and the round in progress with pending candidates", async () => {
  const { rounds } = await get("/api/runs/live/rounds", RoundListSchema);
  assert.deepEqual(rounds.map((r) => [r.round, r.status]), [[1, "done"], [2, "in_progress"]]);
  const current = rounds[1];
  assert.deepEqual(current.candidates.map((c) => c.status), ["ok", "running", "pending"]);
  assert.equal(current.candidates[1].tasks_done, 3);
  assert.equal(rounds[0].aggregates?.n_ok, 3);
  assert.equal(rounds[0].champion_decision?.mode, "init");
});

Deno.test("one round carries differential validation, proposer and hypotheses", async () => {
  const r = await get("/api/runs/fin/rounds/2", RoundDetailSchema);
  assert.equal(r.status, "done");
  assert.equal(r.differential_validation[0].verdict, "confirmed");
  assert.equal(r.proposer?.kind, "rules");
  assert.equal(r.hypotheses.length, 3);
  assert.ok(r.candidates.every((c) => c.verdict?.primary_signal === "retrieval_miss_topk"));
});

Deno.test("a candidate gives architecture, metrics, attribution and task outcomes", async () => {
  const w = await fixtures();
  const c = await get("/api/runs/fin/candidates/1/2", CandidateDetailSchema);
  const expected = w.finished.candidates.find((x) => x.config_id === "r1_c2")!;
  assert.equal(c.fingerprint, expected.fingerprint);
  assert.equal(c.metrics?.score, expected.score);
  assert.equal(c.attribution?.summary.failure_count, 2);
  assert.equal(c.tasks.length, 6);
  assert.equal(c.tasks[0].answer, "plain answer to task_0_00");
  assert.equal(c.tasks[0].injected_units, 2);
  assert.ok(!JSON.stringify(c).includes("task text of"), "trace queries are never returned");
});

Deno.test("a running candidate is served with the tasks finished so far", async () => {
  const c = await get("/api/runs/live/candidates/2/1", CandidateDetailSchema);
  assert.equal(c.status, "running");
  assert.equal(c.metrics, null);
  assert.equal(c.tasks.length, 3);
  const pending = await get("/api/runs/live/candidates/2/2", CandidateDetailSchema);
  assert.equal(pending.status, "pending");
});

Deno.test("protected datasets never expose answers, task text or diagnosis prose", async () => {
  const c = await get("/api/runs/locomo_run/candidates/1/0", CandidateDetailSchema);
  assert.equal(c.protected, true);
  assert.ok(c.tasks.every((t) => t.answer === null));
  const r = await get("/api/runs/locomo_run/rounds/1", RoundDetailSchema);
  const d = await get("/api/runs/locomo_run", RunDetailSchema);
  for (const body of [c, r, d]) assert.ok(!JSON.stringify(body).includes(SECRET));
  assert.equal(d.protected, true);
});

Deno.test("pareto marks the front and the champion", async () => {
  const w = await fixtures();
  const p = await get("/api/runs/fin/pareto", ParetoViewSchema);
  assert.equal(p.points.length, new Set(w.finished.candidates.map((c) => c.fingerprint)).size);
  assert.ok(p.front.length > 0);
  assert.equal(p.points.filter((x) => x.champion).length, 1);
  assert.equal(p.points.find((x) => x.champion)?.fingerprint, p.champion);
  for (const fp of p.front) assert.ok(p.points.find((x) => x.fingerprint === fp)?.on_front);
});

Deno.test("ledger and usage are served as written", async () => {
  const l = await get("/api/runs/fin/ledger", LedgerViewSchema);
  assert.equal(l.principles[0].key, "retrieve:hybrid→mmr");
  const u = await get("/api/runs/fin/usage", UsageViewSchema);
  assert.equal(u.cost_usd, 0.0168);
  assert.deepEqual(Object.keys(u.roles).sort(), ["agent", "diagnosis", "proposer"]);
});

Deno.test("unknown runs, rounds and candidates are 404 with an error body", async () => {
  for (
    const path of [
      "/api/runs/nope",
      "/api/runs/fin/rounds/9",
      "/api/runs/fin/candidates/1/7",
      "/api/runs/fin/candidates/x/1",
      "/api/runs/broken/ledger/extra",
      "/api/nothing",
    ]
  ) {
    const body = await get(path, ErrorBodySchema, err(404));
    assert.equal(body.error.code, "not_found", path);
  }
});

Deno.test("traversal attempts in run ids and segments are 404 and never read outside", async () => {
  const w = await fixtures();
  await Deno.writeTextFile(join(w.root, "secret.json"), JSON.stringify({ leaked: true }));
  for (
    const path of [
      "/api/runs/..%2Fsecret.json",
      "/api/runs/..%2F..%2Fetc",
      "/api/runs/%2E%2E",
      "/api/runs/.hidden",
      "/api/runs/fin%2F..%2F..%2Fsecret.json/usage",
      "/api/runs/fin/rounds/..%2F1",
      "/api/runs/fin/candidates/1/..%2F..%2F0",
    ]
  ) {
    const res = await createApp({ runsDir: w.runs }).request(path);
    const text = await res.text();
    assert.equal(res.status, 404, path);
    assert.ok(!text.includes("leaked"), path);
    assert.equal(ErrorBodySchema.parse(JSON.parse(text)).error.code, "not_found");
  }
});

Deno.test("a symlinked run or artifact pointing outside the runs dir is 404", async () => {
  const w = await fixtures();
  const outside = join(w.root, "outside_run");
  await buildFixtureRun(outside, { id: "victim", kind: "finished", rounds: 1 });
  await Deno.symlink(join(outside, "victim"), join(w.runs, "escape"));
  await get("/api/runs/escape", ErrorBodySchema, err(404));
  const { runs } = await get("/api/runs", RunListSchema);
  assert.ok(!runs.some((r) => r.id === "escape"));
  // A file inside a legitimate run that links outside.
  const linked = join(w.runs, "linked");
  await buildFixtureRun(w.runs, { id: "linked", kind: "finished", rounds: 1 });
  await Deno.remove(join(linked, "usage.json"));
  await Deno.symlink(join(outside, "victim", "usage.json"), join(linked, "usage.json"));
  await get("/api/runs/linked/usage", ErrorBodySchema, err(404));
});

Deno.test("a half-written JSON file is a 409 naming the file, and the detail lists a warning", async () => {
  const w = await fixtures();
  await buildFixtureRun(w.runs, { id: "torn", kind: "finished", rounds: 1 });
  const text = await Deno.readTextFile(join(w.runs, "torn", "pareto_front.json"));
  await Deno.writeTextFile(join(w.runs, "torn", "pareto_front.json"), text.slice(0, 200));
  const body = await get("/api/runs/torn/pareto", ErrorBodySchema, err(409));
  assert.equal(body.error.code, "conflict");
  assert.match(body.error.message, /pareto_front\.json/);
  await Deno.writeTextFile(join(w.runs, "torn", "champion_state.json"), '{"config_id": 3}');
  await Deno.writeTextFile(join(w.runs, "torn", "data_split.json"), "{");
  const d = await get("/api/runs/torn", RunDetailSchema);
  assert.equal(d.split, null);
  // The champion falls back to the copy in search_state.json.
  assert.equal(d.champion?.config_id, "r1_c1");
  assert.deepEqual(d.warnings.map((x) => x.file).sort(), [
    "champion_state.json",
    "data_split.json",
  ]);
  const r = join(w.runs, "torn", "round_1", "candidate_0", "result.json");
  await Deno.writeTextFile(r, (await Deno.readTextFile(r)).slice(0, 50));
  await get("/api/runs/torn/candidates/1/0", ErrorBodySchema, err(409));
  await get("/api/runs/torn/rounds", ErrorBodySchema, err(409));
});

Deno.test("missing artifacts are 404s that say what is not available", async () => {
  const body = await get("/api/runs/live/ledger", LedgerViewSchema);
  assert.ok(body.principles.length > 0);
  const w = await fixtures();
  await buildFixtureRun(w.runs, { id: "young", kind: "running", rounds: 0 });
  for (const route of ["pareto", "ledger", "usage"]) {
    const e = await get(`/api/runs/young/${route}`, ErrorBodySchema, err(404));
    assert.match(e.error.message, /not available/);
  }
  const d = await get("/api/runs/young", RunDetailSchema);
  assert.equal(d.champion, null);
});

Deno.test("a missing runs directory lists nothing as a 404, not a crash", async () => {
  const w = await fixtures();
  const body = await get("/api/runs", ErrorBodySchema, {
    status: 404,
    runsDir: join(w.root, "does_not_exist"),
  });
  assert.match(body.error.message, /runs directory/);
});

Deno.test("with a token every API request needs the exact bearer token", async () => {
  const token = "s3cret-token-value";
  const none = await get("/api/runs", ErrorBodySchema, { status: 401, token });
  assert.equal(none.error.code, "unauthorized");
  await get("/api/health", ErrorBodySchema, { status: 401, token });
  await get("/api/runs", ErrorBodySchema, {
    status: 401,
    token,
    headers: { Authorization: "Bearer s3cret-token-valuX" },
  });
  await get("/api/runs", ErrorBodySchema, {
    status: 401,
    token,
    headers: { Authorization: `Basic ${token}` },
  });
  const ok = await get("/api/runs", RunListSchema, {
    token,
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.ok(ok.runs.length > 0);
});

Deno.test("no route changes a run: writes are 405 and the run directory is untouched", async () => {
  const w = await fixtures();
  const before = await Deno.readTextFile(join(w.runs, "fin", "events.jsonl"));
  const app = createApp({ runsDir: w.runs });
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const res = await app.request("/api/runs/fin", { method });
    assert.equal(res.status, 405);
    assert.equal(ErrorBodySchema.parse(await res.json()).error.code, "method_not_allowed");
  }
  assert.equal(await Deno.readTextFile(join(w.runs, "fin", "events.jsonl")), before);
});

Deno.test("the dashboard page is served with a strict content security policy", async () => {
  const w = await fixtures();
  const res = await createApp({ runsDir: w.runs, token: "abcdefgh12" }).request("/");
  assert.equal(res.status, 200);
  const csp = res.headers.get("content-security-policy") ?? "";
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /connect-src 'self'/);
  const html = await res.text();
  assert.match(html, /data-testid="run-list"/);
  assert.ok(!/https?:\/\//.test(html.replace(/http:\/\/www\.w3\.org\/2000\/svg/g, "")));
});

async function readSse(res: Response, count: number): Promise<{ id: string; data: string }[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const out: { id: string; data: string }[] = [];
  let buf = "";
  while (out.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let cut;
    while ((cut = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id !== undefined && data !== undefined) out.push({ id, data });
    }
  }
  await reader.cancel();
  return out;
}

Deno.test("the event stream replays events after Last-Event-ID with their seq as id", async () => {
  const w = await fixtures();
  const ctl = new AbortController();
  const app = createApp({ runsDir: w.runs, pollMs: 20, signal: ctl.signal });
  const last = w.finished.expected.last_seq;
  const res = await app.request("/api/runs/fin/events", {
    headers: { "Last-Event-ID": String(last - 3) },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
  const got = await readSse(res, 3);
  ctl.abort();
  assert.deepEqual(got.map((e) => Number(e.id)), [last - 2, last - 1, last]);
  const events = got.map((e) => RunEventSchema.parse(JSON.parse(e.data)));
  assert.equal(events[2].type, "run_finished");
});

Deno.test("the event stream rejects a malformed Last-Event-ID and unknown runs", async () => {
  const w = await fixtures();
  const app = createApp({ runsDir: w.runs });
  const bad = await app.request("/api/runs/fin/events", { headers: { "Last-Event-ID": "abc" } });
  assert.equal(bad.status, 400);
  assert.equal(ErrorBodySchema.parse(await bad.json()).error.code, "bad_request");
  const missing = await app.request("/api/runs/ghost/events");
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
});

Deno.test("the event stream tails events appended while the client listens", async () => {
  const w = await fixtures();
  const tail = await buildFixtureRun(w.runs, { id: "tail", kind: "running", rounds: 1 });
  const ctl = new AbortController();
  const app = createApp({ runsDir: w.runs, pollMs: 15, signal: ctl.signal });
  const last = tail.log.lastSeq;
  const res = await app.request(`/api/runs/tail/events?last_event_id=${last}`);
  const reading = readSse(res, 2);
  await tail.log.emit({
    type: "task_finished",
    stage: "round",
    round: 2,
    candidate: 1,
    config_id: "r2_c1",
    task_id: "task_1_03",
    index: 4,
    n_tasks: 6,
    score: 1,
    success: true,
    tokens: 2000,
  });
  await tail.log.emit({ type: "run_failed", error: "stopped by test", wall_ms: 1 });
  const got = await reading;
  ctl.abort();
  assert.deepEqual(got.map((e) => Number(e.id)), [last + 1, last + 2]);
  assert.equal(JSON.parse(got[1].data).type, "run_failed");
});

Deno.test("an idle event stream sends heartbeat comments", async () => {
  const w = await fixtures();
  const ctl = new AbortController();
  const app = createApp({ runsDir: w.runs, pollMs: 10, heartbeatMs: 30, signal: ctl.signal });
  const res = await app.request("/api/runs/fin/events", {
    headers: { "Last-Event-ID": String(w.finished.expected.last_seq) },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes(": heartbeat")) text += (await reader.read()).value ?? "";
  await reader.cancel();
  ctl.abort();
  assert.ok(!text.includes("data:"), "nothing after Last-Event-ID to replay");
});
