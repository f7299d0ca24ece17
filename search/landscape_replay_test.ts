import assert from "node:assert/strict";
import { createRng, sample } from "../core/rng.ts";
import { type ArchitectureSpec, fingerprint } from "../core/spec.ts";
import type { Verdict } from "./fgmd/schemas.ts";
import { allSpecs } from "./egas/random_proposer.ts";
import { replayName, type ReplayOptions, replaySearch } from "./landscape_replay.ts";
import { buildCurvesReport } from "./strategy_curves.ts";
import type { Landscape } from "./strategy_sources.ts";

const VERDICT: Verdict = {
  primary_signal: "extraction_gap",
  layer: "encode",
  share: 0.9,
  confidence: "high",
  recommended_action: "",
  suggested_move: null,
  memory_bypass: false,
  out_of_scope_for_memory: false,
  evidence_task_ids: ["t1"],
  cross_source_agreement: "rules_only",
  reasoning: "",
};

// An additive landscape: workflow memory and the hybrid retriever help, graph stores hurt.
function score(s: ArchitectureSpec): number {
  return 0.3 + (s.encode.includes("workflow") ? 0.3 : 0) + (s.retrieve === "hybrid" ? 0.2 : 0) -
    (s.store === "graph" || s.store === "llm_graph" ? 0.15 : 0) + 0.01 * s.encode.length;
}

function landscape(n: number, verdicts: boolean): Landscape {
  const specs = sample(createRng("replay-test"), allSpecs(), n);
  const entries = specs.map((s) => ({
    fingerprint: fingerprint(s),
    architecture: s,
    score: Math.round(score(s) * 1e6) / 1e6,
    cost: 100 * s.encode.length,
    ...(verdicts ? { verdict: VERDICT } : {}),
  }));
  return {
    dir: "/sweep",
    entries,
    summary: {
      benchmark: "fake",
      split: "all",
      n_tasks: 10,
      n_architectures: n,
      best: null,
      quantiles: {},
      marginal: {},
      dataset_hash: "h",
    },
  };
}

const opts = (over: Partial<ReplayOptions>): ReplayOptions => ({
  proposer: "rules",
  bootstrap: { kind: "random", seed: 1 },
  ablate: [],
  rounds: 6,
  k: 4,
  seed: 1,
  ...over,
});

Deno.test("a replay visits only scored architectures, each once, and repeats byte for byte", async () => {
  const l = landscape(300, true);
  const have = new Set(l.entries.map((e) => e.fingerprint));
  const a = await replaySearch(l, opts({}));
  assert.equal(a.visits.length, 24);
  assert.ok(a.visits.every((v) => have.has(v.fingerprint)));
  assert.equal(new Set(a.visits.map((v) => v.fingerprint)).size, 24);
  assert.deepEqual(await replaySearch(l, opts({})), a);
  assert.equal(a.bootstrap, "random:1");
  assert.equal(a.proposer, "rules | bootstrap random");
  assert.equal(
    replayName({ proposer: "rules", ablate: ["fgmd"], bootstrap: { kind: "none" } }),
    "rules w/o FGMD | bootstrap none",
  );
});

Deno.test("with the same random bootstrap, rules and random search share round 1", async () => {
  const l = landscape(300, false);
  const rules = await replaySearch(l, opts({}));
  const random = await replaySearch(l, opts({ proposer: "random" }));
  const round1 = (r: typeof rules) =>
    r.visits.filter((v) => v.round === 1).map((v) => v.fingerprint);
  assert.deepEqual(round1(rules), round1(random));
  assert.notDeepEqual(
    rules.visits.map((v) => v.fingerprint),
    random.visits.map((v) => v.fingerprint),
  );
});

Deno.test("the sweep's verdicts steer the rules replay only while FGMD is on", async () => {
  const fps = async (verdicts: boolean, ablate: ReplayOptions["ablate"]) =>
    (await replaySearch(landscape(300, verdicts), opts({ ablate }))).visits.map((v) =>
      v.fingerprint
    );
  assert.notDeepEqual(await fps(true, []), await fps(false, []));
  assert.deepEqual(await fps(true, ["fgmd"]), await fps(false, ["fgmd"]));
});

Deno.test("on an additive landscape the rules replay reaches the best sooner than random search", async () => {
  const l = landscape(300, false);
  const runs = [];
  for (const seed of [1, 2, 3, 4, 5]) {
    for (const proposer of ["rules", "random"] as const) {
      runs.push(
        await replaySearch(l, opts({ proposer, seed, bootstrap: { kind: "random", seed } })),
      );
    }
  }
  const report = buildCurvesReport([{ landscape: l, runs }], 0.02);
  const med = (p: string) => report.proposers.find((x) => x.proposer.startsWith(p))!;
  const rules = med("rules").median_evals_to_within;
  const random = med("random").median_evals_to_within;
  assert.ok(rules !== null && (random === null || rules < random), `${rules} vs ${random}`);
  // The random bootstrap is 4 evaluations; the count after it is 4 less (or 0 when it hit).
  for (const r of report.runs) {
    assert.equal(r.n_bootstrap, 4);
    if (r.evals_to_within !== null) {
      assert.equal(r.evals_after_bootstrap, Math.max(0, r.evals_to_within - 4));
      const spent = r.labels.slice(0, r.evals_to_within).length;
      assert.ok(r.tokens_to_within! >= spent * 100 * 10);
    }
  }
});
