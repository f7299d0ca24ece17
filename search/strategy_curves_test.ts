import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "./config.ts";
import { runSearchWith } from "./engine.ts";
import { SearchError } from "./errors.ts";
import {
  bestSoFar,
  buildCurvesReport,
  evalsToWithin,
  median,
  medianCurve,
  randomMedianEvals,
  strategyCurves,
} from "./strategy_curves.ts";
import { loadLandscape, readRunVisits } from "./strategy_sources.ts";
import { runSweep } from "./sweep.ts";
import { createFakeBenchmark } from "./testing/fake_benchmark.ts";
import { fakeServices } from "./testing/fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "./testing/small_search.ts";
import { spec } from "./testing/specs.ts";

Deno.test("best-so-far never decreases and follows each new maximum", () => {
  assert.deepEqual(bestSoFar([0.5, 0.3, 0.7, 0.6, 0.9]), [0.5, 0.5, 0.7, 0.7, 0.9]);
  assert.deepEqual(bestSoFar([]), []);
});

Deno.test("evals_to_within is the first n reaching (1 - pct) of the best, null when never", () => {
  const curve = [0.5, 0.5, 0.79, 0.8];
  assert.equal(evalsToWithin(curve, 0.8, 0.02), 3);
  assert.equal(evalsToWithin(curve, 0.8, 0), 4);
  assert.equal(evalsToWithin(curve, 0.9, 0.02), null);
  assert.equal(evalsToWithin([], 0.8, 0.02), null);
  // 0.98 · 0.8 is 0.7840000000000001 in floating point; a score of 0.784 is within 2 %.
  assert.equal(evalsToWithin([0.7, 0.784], 0.8, 0.02), 2);
  for (const pct of [-0.1, 1, NaN]) {
    assert.throws(
      () => evalsToWithin(curve, 0.8, pct),
      (e) => e instanceof SearchError && e.details.field === "within",
    );
  }
});

Deno.test("median ranks never (null) above every number", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([1, 2, 3, 4]), 2.5);
  assert.equal(median([5, null, 2]), 5);
  assert.equal(median([1, 2, 3, null]), 2.5);
  assert.equal(median([null, null, 1]), null);
  assert.equal(median([1, 2, null, null]), null);
  assert.equal(median([]), null);
});

Deno.test("the median curve holds a shorter run's last value", () => {
  assert.deepEqual(medianCurve([[0.1, 0.5, 0.6], [0.3], [0.2, 0.2, 0.9]]), [0.2, 0.3, 0.6]);
  assert.deepEqual(medianCurve([[], [0.4, 0.5]]), [0.4, 0.5]);
  assert.deepEqual(medianCurve([]), []);
});

Deno.test("the report scores each visit from the landscape and fails on an unknown one", () => {
  const entry = (label: string, score: number) => {
    const s = spec(label);
    return { fingerprint: label, architecture: s, score, cost: 1 };
  };
  const entries = [
    entry("tip/json/hybrid/lightweight", 0.6),
    entry("workflow/json/hybrid/lightweight", 0.8),
    entry("insight/json/mmr/json_full", 0.79),
  ];
  const visit = (label: string, k: number) => ({
    round: 1,
    candidate: k,
    config_id: `r1_c${k}`,
    fingerprint: label,
    architecture: spec(label),
    source: "rules",
    status: "ok" as const,
  });
  const run = (name: string, proposer: string, labels: string[]) => ({
    run_dir: `/runs/${name}`,
    run_name: name,
    proposer,
    seed: 1,
    dataset_hash: "h",
    visits: labels.map(visit),
    repeats: 0,
    bootstrap: proposer === "rules" ? "fixed" : "none",
  });
  const summary = {
    benchmark: "fake",
    split: "all" as const,
    n_tasks: 3,
    n_architectures: 2,
    best: null,
    quantiles: {},
    marginal: {},
    dataset_hash: "h",
  };
  const landscape = { dir: "/sweep", summary, entries };
  const report = buildCurvesReport([{
    landscape,
    runs: [
      run("a", "rules", ["tip/json/hybrid/lightweight", "insight/json/mmr/json_full"]),
      run("b", "random", ["tip/json/hybrid/lightweight"]),
    ],
  }], 0.02);
  assert.deepEqual(report.landscapes[0].n_added, 1);
  assert.equal(report.landscapes[0].threshold, 0.784);
  // One of the two swept entries is the best: random search hits it in one draw half the time.
  assert.equal(report.landscapes[0].n_swept_within, 1);
  assert.equal(report.landscapes[0].random_median_evals, 1);
  assert.deepEqual(report.runs[0].best_so_far, [0.6, 0.79]);
  assert.deepEqual(report.runs[0].relative, [0.75, 0.9875]);
  assert.equal(report.runs[0].evals_to_within, 2);
  assert.equal(report.runs[1].evals_to_within, null);
  // Both visits of run a are round 1 of a fixed-bootstrap run: the hit came from the list.
  assert.deepEqual(
    [report.runs[0].n_bootstrap, report.runs[0].evals_after_bootstrap],
    [2, 0],
  );
  assert.equal(report.runs[1].n_bootstrap, 0);
  // Tokens to within: cost 1 per task × 3 tasks × the 2 evaluations it took.
  assert.equal(report.runs[0].tokens_to_within, 6);
  assert.equal(report.runs[1].tokens_to_within, null);
  assert.deepEqual(report.proposers.map((p) => [p.proposer, p.reached]), [
    ["random", 0],
    ["rules", 1],
  ]);
  assert.throws(
    () =>
      buildCurvesReport(
        [{ landscape, runs: [run("c", "rules", ["tip/json/mmr/lightweight"])] }],
        0.02,
      ),
    (e) => e instanceof SearchError && /no landscape entry for r1_c0/.test(e.message),
  );
});

const FLAGS = { ...SMALL_SEARCH_FLAGS, max_rounds: 3 };

Deno.test("rules and random runs with one --bootstrap list are judged on a landscape completed with every architecture they visited", async () => {
  const root = await Deno.makeTempDir();
  let tasksRun = 0;
  const benchmark = createFakeBenchmark({ n: 24, families: 5, onTask: () => void tasksRun++ });
  const services = fakeServices(benchmark);
  const embedder = new HashEmbedder(64);
  const sweep = join(root, "sweep");
  await runSweep({ benchmark, split: "all", sample: 3, parallel: 2, seed: 1, out: sweep }, {
    embedder,
    services,
  });
  const runs: string[] = [];
  for (
    const [name, extra] of [["rules", { proposer: "rules", bootstrap: "random:9" }], ["random", {
      random_search: true,
      bootstrap: "random:9",
    }]] as const
  ) {
    const cfg = parseSearchConfig({
      run_name: name,
      output_dir: root,
      seed: 1,
      ...FLAGS,
      ...extra,
    });
    if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
    await runSearchWith(cfg.value, { models: {}, embedder, clock: logicalClock() }, services);
    runs.push(join(root, name));
  }
  let rebuilt = 0;
  const deps = {
    embedder,
    services,
    parallel: 2,
    benchmarkFor: () => (rebuilt++, Promise.resolve(benchmark)),
  };
  tasksRun = 0;
  const report = await strategyCurves({ landscapes: [sweep], runs, within: 0.02 }, deps);
  const visits = await Promise.all(runs.map(readRunVisits));
  // Both searches started from the same random bootstrap list and recorded it.
  const round1 = (i: number) =>
    visits[i].visits.filter((v) => v.round === 1).map((v) => v.fingerprint);
  assert.deepEqual(round1(0), round1(1));
  assert.deepEqual(visits.map((v) => v.bootstrap), ["random:9", "random:9"]);
  assert.deepEqual(report.runs.map((r) => r.n_bootstrap), [2, 2]);
  const visited = new Set(visits.flatMap((v) => v.visits.map((x) => x.fingerprint)));
  const landscape = await loadLandscape(sweep);
  const have = new Set(landscape.entries.map((e) => e.fingerprint));
  assert.ok([...visited].every((fp) => have.has(fp)), "every visited architecture has an entry");
  const added = landscape.entries.length - 3;
  assert.ok(added > 0);
  assert.equal(tasksRun, added * 24, "each added architecture ran the sweep's 24 tasks once");
  assert.equal(rebuilt, 1);
  assert.deepEqual(report.runs.map((r) => r.proposer), ["rules", "random"]);
  for (const [i, r] of report.runs.entries()) {
    assert.equal(r.n_evaluations, visits[i].visits.length);
    assert.equal(r.repeats, visits[i].repeats);
    assert.ok(r.repeats >= FLAGS.max_rounds - 1, "champion re-evaluations are repeats");
    assert.deepEqual(r.best_so_far, bestSoFar(r.scores));
    assert.equal(r.landscape_best, Math.max(...landscape.entries.map((e) => e.score)));
  }
  // A second pass evaluates nothing and reports the same.
  tasksRun = 0;
  assert.deepEqual(await strategyCurves({ landscapes: [sweep], runs, within: 0.02 }, deps), report);
  assert.equal(tasksRun, 0);
  assert.equal(rebuilt, 1);
});

Deno.test("random search's median evaluations follow from the near-best share of a uniform sample", () => {
  assert.equal(randomMedianEvals(0, 200), null);
  assert.equal(randomMedianEvals(100, 200), 1);
  // One good among four: P(hit within 2) = 1/2.
  assert.equal(randomMedianEvals(1, 4), 2);
  // Without replacement a little below ln 2 / p ≈ 41.
  assert.equal(randomMedianEvals(4, 236), 38);
  assert.equal(randomMedianEvals(5, 5), 1);
});
