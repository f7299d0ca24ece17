import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { parseSearchConfig } from "../search/config.ts";
import type { SearchDeps } from "../search/deps.ts";
import { runSearchWith } from "../search/engine.ts";
import { SearchError } from "../search/errors.ts";
import { RunDirError } from "../run_dir/errors.ts";
import { readEvents, type RunEvent } from "../search/events.ts";
import { createFakeBenchmark } from "../search/testing/fake_benchmark.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";

const SMALL = {
  max_rounds: 2,
  num_candidates: 2,
  warmup_n: 2,
  search_n: 6,
  batch_size: 3,
  validation_n: 3,
  test_n: 3,
  parallel: 2,
};

function config(out: string, extra: Record<string, unknown> = {}) {
  const r = parseSearchConfig({ run_name: "run", output_dir: out, ...SMALL, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
function deps(extra: Partial<SearchDeps> = {}): SearchDeps {
  return { models: {}, embedder: new HashEmbedder(64), clock: logicalClock(), ...extra };
}
const bench = () => createFakeBenchmark({ n: 20, families: 4 });
const run = (out: string, extra: Record<string, unknown> = {}, d: Partial<SearchDeps> = {}) =>
  runSearchWith(config(out, extra), deps(d), fakeServices(bench()));

async function files(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else if (e.name !== "events.jsonl") out.set(relative(root, p), await Deno.readTextFile(p));
    }
  };
  await walk(root);
  return out;
}

Deno.test("the same seed gives byte-identical artifacts", async () => {
  const a = await Deno.makeTempDir();
  const b = await Deno.makeTempDir();
  const sa = await run(a, { final_validation: true });
  const sb = await run(b, { final_validation: true, parallel: 1 });
  assert.deepEqual(sa, sb);
  assert.equal(sa.status, "finished");
  assert.equal(sa.rounds, 2);
  const fa = await files(join(a, "run")), fb = await files(join(b, "run"));
  assert.deepEqual([...fa.keys()].sort(), [...fb.keys()].sort());
  for (const [k, v] of fa) assert.equal(v, fb.get(k), `${k} differs`);
  for (
    const f of [
      "pareto_front.json",
      "champion_state.json",
      "search_state.json",
      "usage.json",
      "summary.json",
      "ledger/ledger.json",
      "observation_graph.json",
      "final_runoff/runoff_result.json",
      "final_validation/validation_result.json",
      "round_2/round_done.json",
      "round_2/candidate_1/attribution.json",
    ]
  ) {
    assert.ok(fa.has(f), `${f} is written`);
  }
  assert.deepEqual(Object.keys(JSON.parse(fa.get("summary.json")!)).sort(), [
    "baseline",
    "evaluations",
    "rounds",
    "status",
    "synthetic",
    "usage",
    "winner",
  ]);
});

Deno.test("resume after a finished run is a no-op; with --final_validation it appends the final test", async () => {
  const out = await Deno.makeTempDir();
  const first = await run(out);
  assert.equal(first.winner.test_score, null);
  const before = await files(join(out, "run"));
  const nEvents = (await readEvents(join(out, "run", "events.jsonl"))).length;
  assert.deepEqual(await run(out, { resume: true }), first);
  assert.deepEqual(await files(join(out, "run")), before);
  assert.equal((await readEvents(join(out, "run", "events.jsonl"))).length, nEvents);
  const withTest = await run(out, { resume: true, final_validation: true });
  assert.equal(typeof withTest.winner.test_score, "number");
  assert.equal(typeof withTest.baseline.test_score, "number");
  const after = await files(join(out, "run"));
  assert.equal(after.get("pareto_front.json"), before.get("pareto_front.json"));
  assert.ok(after.has("final_validation/validation_result.json"));
  await assert.rejects(
    run(out),
    (e) => e instanceof RunDirError && e.code === "run_exists" && /finished/.test(e.message),
  );
});

Deno.test("a protocol change refuses to resume and says what changed", async () => {
  const out = await Deno.makeTempDir();
  const seen: RunEvent[] = [];
  const ctrl = new AbortController();
  await run(out, {}, {
    signal: ctrl.signal,
    onEvent: (e) => {
      seen.push(e);
      if (e.type === "round_started") ctrl.abort();
    },
  });
  await assert.rejects(
    run(out, { resume: true, seed: 43, max_rounds: 3 }),
    (e) =>
      e instanceof SearchError && e.code === "protocol_mismatch" && e.exitCode === 2 &&
      /seed: 42 → 43/.test(e.message) && /flags\.max_rounds: 2 → 3/.test(e.message),
  );
  const fresh = await run(out, { force_new: true });
  assert.equal(fresh.status, "finished");
});

Deno.test("an abort checkpoints, releases the lock and resumes to the uninterrupted result", async () => {
  const ref = await Deno.makeTempDir();
  await run(ref);
  const out = await Deno.makeTempDir();
  const ctrl = new AbortController();
  let n = 0;
  const s = await run(out, {}, {
    signal: ctrl.signal,
    onEvent: (e) => {
      if (e.type === "task_finished" && ++n === 30) ctrl.abort();
    },
  });
  assert.equal(s.status, "interrupted");
  await assert.rejects(Deno.stat(join(out, "run", ".run_active.lock")), Deno.errors.NotFound);
  const events = await readEvents(join(out, "run", "events.jsonl"));
  assert.equal(events.at(-1)?.type, "run_finished");
  const done = await run(out, { resume: true });
  assert.equal(done.status, "finished");
  const a = await files(join(ref, "run")), b = await files(join(out, "run"));
  for (
    const f of ["pareto_front.json", "champion_state.json", "summary.json", "canonical/pool.json"]
  ) assert.equal(b.get(f), a.get(f), f);
});

Deno.test("stop rules: STOP file, patience and token budget end the search before max_rounds", async () => {
  const stopOut = await Deno.makeTempDir();
  const stopped = await run(stopOut, { max_rounds: 4 }, {
    onEvent: (e) => {
      if (e.type === "round_finished") Deno.writeTextFileSync(join(stopOut, "run", "STOP"), "");
    },
  });
  assert.equal(stopped.rounds, 1);
  assert.equal(stopped.status, "finished");
  assert.equal(
    JSON.parse(await Deno.readTextFile(join(stopOut, "run", "search_state.json"))).stop_reason,
    "stop_file",
  );
  const tokOut = await Deno.makeTempDir();
  const tok = await run(tokOut, { max_rounds: 4, max_tokens: 1000 });
  assert.equal(tok.rounds, 1);
  assert.equal(
    JSON.parse(await Deno.readTextFile(join(tokOut, "run", "search_state.json"))).stop_reason,
    "max_tokens",
  );
  const wallOut = await Deno.makeTempDir();
  // The event clock is logical (one second per reading), so a round "takes" well over 5 s.
  assert.equal((await run(wallOut, { max_rounds: 4, max_wall_s: 5 })).rounds, 1);
  const costOut = await Deno.makeTempDir();
  const search = new ScriptedModel({ id: "priced", rules: [() => "[]"] });
  const cost = await run(costOut, { max_rounds: 4, max_cost_usd: 0.0001, search_model: "priced" }, {
    models: { search },
    prices: { priced: { prompt_per_1k: 1, completion_per_1k: 1 } },
  });
  assert.equal(cost.rounds, 1);
  assert.ok(cost.usage.cost_usd > 0.0001);
  const patOut = await Deno.makeTempDir();
  const pat = await run(patOut, { max_rounds: 6, patience: 1 });
  const state = JSON.parse(await Deno.readTextFile(join(patOut, "run", "search_state.json")));
  assert.ok(pat.rounds < 6, `patience stopped after ${pat.rounds} rounds`);
  assert.equal(state.stop_reason, "patience");
});

Deno.test("LLM proposer and diagnosis model: usage counts search and diagnosis roles", async () => {
  const out = await Deno.makeTempDir();
  const proposals = (k: number) =>
    JSON.stringify([
      {
        hypothesis: "h",
        architecture: {
          encode: ["tip", "workflow"],
          store: "hybrid",
          retrieve: "mmr",
          manage: "lightweight",
        },
        diversity_role: "exploit",
        rationale: "r",
      },
      {
        hypothesis: "h",
        architecture: {
          encode: ["insight"],
          store: "json",
          retrieve: "graph",
          manage: "lightweight",
        },
        diversity_role: "explore_retrieval",
        rationale: "r",
      },
    ].slice(0, k));
  const search = new ScriptedModel({ id: "search-m", rules: [() => proposals(2)] });
  const diagnosis = new ScriptedModel({
    id: "diag-m",
    rules: [
      (r) =>
        r.purpose === "round_synthesis"
          ? { key_finding: "k", next_round_focus: "retrieve", reasoning: "r" }
          : new Error("no prose today"),
    ],
  });
  const s = await run(out, { search_model: "search-m", max_rounds: 2 }, {
    models: { search, diagnosis },
  });
  assert.equal(s.status, "finished");
  const usage = JSON.parse(await Deno.readTextFile(join(out, "run", "usage.json")));
  assert.ok(usage.roles.search.calls >= 2);
  assert.ok(usage.roles.diagnosis.calls >= 1);
  const p1 = JSON.parse(await Deno.readTextFile(join(out, "run", "round_1", "proposals.json")));
  assert.equal(p1.proposer.kind, "llm");
  assert.equal(p1.candidates[1].repairs.length, 1, "graph retrieval on json was repaired");
  const p2 = JSON.parse(await Deno.readTextFile(join(out, "run", "round_2", "proposals.json")));
  assert.equal(p2.candidates[0].source, "champion");
  assert.equal(p2.proposer.topped_up, 2, "the model only repeated evaluated architectures");
  const done = JSON.parse(await Deno.readTextFile(join(out, "run", "round_1", "round_done.json")));
  assert.equal(done.round_synthesis.source, "llm");
});

Deno.test("a failing candidate is recorded and excluded; the search goes on", async () => {
  const out = await Deno.makeTempDir();
  const services = fakeServices(bench(), {
    openMemory: (plan, d) => {
      if (plan.spec.store === "hybrid") return Promise.reject(new Error("hybrid store exploded"));
      return fakeServices(bench()).openMemory(plan, d);
    },
  });
  const s = await runSearchWith(config(out), deps(), services);
  assert.equal(s.status, "finished");
  const r1 = JSON.parse(await Deno.readTextFile(join(out, "run", "round_1", "round_done.json")));
  const failed = r1.candidates.filter((c: { status: string }) => c.status === "failed");
  assert.equal(failed.length, 1);
  assert.equal(r1.aggregates.n_failed, 1);
  const res = JSON.parse(
    await Deno.readTextFile(
      join(out, "run", "round_1", `candidate_${failed[0].candidate}`, "result.json"),
    ),
  );
  assert.match(res.error, /hybrid store exploded/);
});

Deno.test("--baseline_from reuses a matching baseline and refuses a different dataset", async () => {
  const a = await Deno.makeTempDir();
  await run(a);
  const b = await Deno.makeTempDir();
  await run(b, { baseline_from: join(a, "run") });
  const done = JSON.parse(
    await Deno.readTextFile(join(b, "run", "baseline", "baseline_done.json")),
  );
  assert.match(done.source, /^reused:/);
  await assert.rejects(Deno.stat(join(b, "run", "baseline", "tasks")), Deno.errors.NotFound);
  assert.deepEqual(
    done.per_task,
    JSON.parse(await Deno.readTextFile(join(a, "run", "baseline", "baseline_done.json"))).per_task,
  );
  const c = await Deno.makeTempDir();
  await runSearchWith(
    config(c, { baseline_from: join(a, "run") }),
    deps(),
    fakeServices(createFakeBenchmark({ n: 21 })),
  );
  const refused = JSON.parse(
    await Deno.readTextFile(join(c, "run", "baseline", "baseline_done.json")),
  );
  assert.equal(refused.source, "fresh (baseline_from refused: dataset differs)");
});

Deno.test("with one fold every round evaluates the whole search split, the same tasks each time", async () => {
  const out = await Deno.makeTempDir();
  const s = await run(out, { folds: 1, batch_size: 6 });
  assert.equal(s.status, "finished");
  const taskIds = async (t: number) =>
    JSON.parse(await Deno.readTextFile(join(out, "run", `round_${t}`, "proposals.json"))).task_ids;
  const [r1, r2] = [await taskIds(1), await taskIds(2)];
  assert.equal(r1.length, 6);
  assert.deepEqual(r2, r1);
  const folds = JSON.parse(await Deno.readTextFile(join(out, "run", "search_folds.json")));
  assert.equal(folds.n_folds, 1);
  // Resuming under another fold count is a protocol change, refused with the flag named.
  await assert.rejects(
    () => run(out, { folds: 2, batch_size: 6, resume: true }),
    (e) => e instanceof SearchError && /folds/.test(e.message),
  );
});

Deno.test("a locomo or reflexion-hotpotqa search without --data_path looks for its data file at the documented default", async () => {
  const out = await Deno.makeTempDir();
  const seen: (string | undefined)[] = [];
  const services = fakeServices(bench());
  const recording = {
    ...services,
    createBenchmark: (name: string, opts: { dataPath?: string }) => {
      seen.push(name === "world" ? "other" : opts.dataPath);
      return services.createBenchmark(name, opts);
    },
  };
  await runSearchWith(config(out, { benchmark: "locomo" }), deps(), recording);
  await runSearchWith(
    config(out, { benchmark: "locomo", data_path: "x.json", run_name: "b" }),
    deps(),
    recording,
  );
  await runSearchWith(
    config(out, { benchmark: "reflexion-hotpotqa", run_name: "c" }),
    deps(),
    recording,
  );
  assert.deepEqual(seen, [
    "../shared/data/locomo/locomo10.json",
    "x.json",
    "../shared/data/reflexion-trajectories/hotpotqa_react_reflexion_100q_5trials.txt",
  ]);
});

Deno.test("--max_steps reaches every task run and --token_budget caps every model call", async () => {
  const out = await Deno.makeTempDir();
  const task = new ScriptedModel({ id: "task-model", rules: [() => "ok"] });
  const seen = new Set<number | undefined>();
  const b = createFakeBenchmark({
    n: 20,
    families: 4,
    onTask: async (_t, d) => {
      seen.add(d.maxSteps);
      await d.model!.chat({ messages: [{ role: "user", content: "q" }], maxTokens: 5000 });
    },
  });
  const s = await runSearchWith(
    config(out, { max_steps: 3, token_budget: 77 }),
    deps({ models: { task } }),
    fakeServices(b),
  );
  assert.equal(s.status, "finished");
  assert.deepEqual([...seen], [3]);
  assert.ok(task.calls.length > 0);
  assert.ok(task.calls.every((c) => c.maxTokens === 77));
});
