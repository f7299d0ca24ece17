import assert from "node:assert/strict";
import { parseSpec, specLabel } from "../../core/spec.ts";
import type { CandidateResult, Contender } from "../artifacts.ts";
import type { Metrics } from "../common_schemas.ts";
import type { ArchRecord, ChampionState, EngineState } from "../egas/schemas.ts";
import { byFitness, decideChampion, type RoundRow } from "./champion.ts";
import { pickContenders, RUNOFF_CONTENDERS, runoffWinner } from "./runoff.ts";
import { roundRows } from "./select.ts";

function spec(store: string) {
  const r = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store,
    retrieve: "hybrid",
    manage: "lightweight",
  });
  if (!r.ok) throw new Error("bad spec");
  return r.value;
}

/** A round row whose per-task scores are `scores` (t0, t1, ...). */
function row(candidate: number, fp: string, scores: number[], source = "rules"): RoundRow {
  const s = spec("json");
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  return {
    candidate,
    config_id: `r2_c${candidate}`,
    fingerprint: fp,
    label: specLabel(s),
    architecture: s,
    source,
    metrics: { fitness: mean, score: mean, cost: 100, lift: 0 } as Metrics,
    per_task: Object.fromEntries(scores.map((x, i) => [`t${i}`, { score: x, tokens: 100 }])),
  };
}

function champion(fp: string, round = 1): ChampionState {
  return {
    config_id: `r${round}_c0`,
    fingerprint: fp,
    label: "x",
    architecture: spec("json"),
    since_round: round,
    mode: "init",
    promoted_over: null,
    test: null,
    last_applied_round: round,
    history: [],
  };
}

Deno.test("acceptance: the paired sign test decides every champion change", async (t) => {
  const champ = champion("champ");
  const cases: {
    name: string;
    prev: ChampionState | null;
    rows: RoundRow[];
    mode: string;
    champion: string | null;
    merge: string | null;
  }[] = [
    {
      name: "no champion yet: the best by raw fitness is installed and merged",
      prev: null,
      rows: [row(0, "a", [1, 0]), row(1, "b", [1, 1])],
      mode: "init",
      champion: "r2_c1",
      merge: "r2_c1",
    },
    {
      name: "4–0 for the challenger (p = 0.0625 < 0.10): promoted, its memory merged",
      prev: champ,
      rows: [row(0, "champ", [0, 0, 0, 0], "champion"), row(1, "b", [1, 1, 1, 1])],
      mode: "paired_promotion",
      champion: "r2_c1",
      merge: "r2_c1",
    },
    {
      name: "3–0 (p = 0.125): not enough, the champion stays and its re-evaluation is merged",
      prev: champ,
      rows: [row(0, "champ", [0, 0, 0, 1], "champion"), row(1, "b", [1, 1, 1, 1])],
      mode: "paired_test_failed",
      champion: "r1_c0",
      merge: "r2_c0",
    },
    {
      name: "a better raw mean with as many losses as wins is not promoted",
      prev: champ,
      rows: [row(0, "champ", [0, 0, 1, 1, 0], "champion"), row(1, "b", [1, 1, 0, 0, 0.9])],
      mode: "paired_test_failed",
      champion: "r1_c0",
      merge: "r2_c0",
    },
    {
      name: "the champion's row failed this round: re-initialised from the best row",
      prev: champ,
      rows: [row(1, "b", [1, 0]), row(2, "c", [0, 0])],
      mode: "reinit_no_champion_row",
      champion: "r2_c1",
      merge: "r2_c1",
    },
    {
      name: "only the champion ran: no challenger, its memory is merged",
      prev: champ,
      rows: [row(0, "champ", [1, 0], "champion")],
      mode: "no_challenger",
      champion: "r1_c0",
      merge: "r2_c0",
    },
    {
      name: "no candidate succeeded: nothing changes, nothing is merged",
      prev: champ,
      rows: [],
      mode: "no_successful_candidates",
      champion: "r1_c0",
      merge: null,
    },
    {
      name: "a round already applied is a no-op on replay",
      prev: champion("champ", 2),
      rows: [row(0, "champ", [0, 0, 0, 0], "champion"), row(1, "b", [1, 1, 1, 1])],
      mode: "round_already_applied",
      champion: "r2_c0",
      merge: null,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const d = decideChampion(c.prev, c.rows, 2);
      assert.equal(d.mode, c.mode);
      assert.equal(d.champion, c.champion);
      assert.equal(d.merge?.config_id ?? null, c.merge);
      assert.equal(d.state?.config_id ?? null, c.champion);
    });
  }
});

function record(fp: string, lift: number, cost = 100): ArchRecord {
  return {
    fingerprint: fp,
    architecture: spec("json"),
    label: fp,
    config_ids: [`r1_${fp}`, `r2_${fp}`],
    lift,
    cost,
  } as ArchRecord;
}

function contender(k: number, score: number, lift = 0, cost = 100, searchLift = 0): Contender {
  return {
    contender: k,
    config_id: `c${k}`,
    search_lift: searchLift,
    status: "ok",
    metrics: { score, lift, cost } as Metrics,
  } as Contender;
}

Deno.test("runoff: contenders and the winner", async (t) => {
  await t.step("the champion comes first, then the best pooled lifts, without repeats", () => {
    const state = {
      champion: champion("b"),
      pareto: {
        archive: [record("a", 0.1), record("b", 0.3), record("c", 0.2), record("d", 0.05)],
      },
    } as unknown as EngineState;
    const picks = pickContenders(state);
    assert.equal(picks.length, RUNOFF_CONTENDERS);
    assert.deepEqual(picks.map((p) => [p.fingerprint, p.source]), [
      ["b", "champion"],
      ["c", "history"],
      ["a", "history"],
    ]);
    assert.equal(picks[0].search_lift, 0.3);
    assert.equal(picks[1].config_id, "r2_c", "a history contender is its latest evaluation");
  });
  await t.step(
    "without a champion the best lifts compete; an equal lift prefers lower cost",
    () => {
      const state = {
        champion: null,
        pareto: { archive: [record("a", 0.2, 300), record("b", 0.2, 100)] },
      } as unknown as EngineState;
      assert.deepEqual(pickContenders(state).map((p) => p.fingerprint), ["b", "a"]);
    },
  );
  await t.step("on validation the best score wins, then lift, cost, search lift, order", () => {
    assert.equal(runoffWinner([contender(0, 0.5), contender(1, 0.7)], true).contender, 1);
    assert.equal(runoffWinner([contender(0, 0.7, 0.1), contender(1, 0.7, 0.2)], true).contender, 1);
    assert.equal(
      runoffWinner([contender(0, 0.7, 0.2, 300), contender(1, 0.7, 0.2, 100)], true).contender,
      1,
    );
    assert.equal(
      runoffWinner([contender(0, 0.7, 0.2, 100, 0.1), contender(1, 0.7, 0.2, 100, 0.3)], true)
        .contender,
      1,
    );
    assert.equal(runoffWinner([contender(1, 0.7), contender(0, 0.7)], true).contender, 0);
  });
  await t.step("without validation tasks the first contender (the champion) wins", () => {
    assert.equal(runoffWinner([contender(0, 0.1), contender(1, 0.9)], false).contender, 0);
  });
});

function result(k: number, status: string, score: number | null): CandidateResult {
  const r = row(k, `f${k}`, [score ?? 0]);
  return {
    ...r,
    status,
    metrics: score === null ? null : r.metrics,
  } as unknown as CandidateResult;
}

Deno.test("selection: which candidates count and in which order", async (t) => {
  await t.step("only candidates that finished with metrics become rows", () => {
    const rows = roundRows([
      result(0, "ok", 0.5),
      result(1, "failed", null),
      result(2, "skipped", null),
      result(3, "ok", null),
      result(4, "ok", 0.9),
    ]);
    assert.deepEqual(rows.map((r) => r.candidate), [0, 4]);
    assert.equal(rows[1].metrics.score, 0.9);
  });
  await t.step("raw fitness orders a round: fitness, then score, lower cost, candidate", () => {
    const m = (k: number, fitness: number, score: number, cost: number): RoundRow => ({
      ...row(k, `f${k}`, [score]),
      metrics: { fitness, score, cost, lift: 0 } as Metrics,
    });
    const ranked = [
      m(0, 0.5, 0.5, 100),
      m(1, 0.6, 0.4, 100),
      m(2, 0.5, 0.6, 100),
      m(3, 0.5, 0.6, 50),
      m(4, 0.5, 0.6, 50),
    ]
      .sort(byFitness);
    assert.deepEqual(ranked.map((r) => r.candidate), [1, 3, 4, 2, 0]);
  });
});
