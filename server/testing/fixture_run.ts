/**
 * Builds a complete run directory for tests, written through the search engine's own schemas and
 * event log: finished, running (lock held by this process), failed or stale, optionally on a
 * protected benchmark whose answers and prose carry a secret marker that must never be served.
 *
 * @module
 */
import { join } from "node:path";
import { writeJsonAtomic } from "../../core/atomic_write.ts";
import { isoUtc, logicalClock } from "../../core/clock.ts";
import {
  AttributionFileSchema,
  BaselineDoneSchema,
  CandidateResultSchema,
  DataSplitSchema,
  EvalProtocolSchema,
  ProposalsFileSchema,
  RunoffResultSchema,
  SummarySchema,
} from "../../search/artifacts.ts";
import type { ChampionState } from "../../search/artifacts.ts";
import { EventLog } from "../../search/events.ts";
import { LockFileSchema, processStartTime, writeArtifact } from "../../run_dir/run_dir.ts";
import { commitFixtureRound } from "./fixture_commit.ts";
import {
  fixtureAttribution,
  type FixtureCandidate,
  fixtureCandidate,
  fixtureMetrics,
  fixtureProposed,
  fixtureResult,
  fixtureTask,
  fixtureTaskIds,
} from "./fixture_artifacts.ts";
import { fixtureUsage } from "./fixture_state.ts";

/** What kind of run to build. */
export interface FixtureOptions {
  id: string;
  kind: "finished" | "running" | "failed" | "stale";
  /** Rounds to complete (a running or stale run is in the middle of round `rounds + 1`). */
  rounds?: number;
  candidates?: number;
  tasksPerCandidate?: number;
  /** A LoCoMo run: task answers and diagnosis prose contain {@linkcode SECRET}. */
  protected?: boolean;
}

/** The marker text protected fixtures hide in answers, traces and prose. */
export const SECRET = "SECRET-7f3a";

/** A built fixture run and the numbers a test should see. */
export interface FixtureRun {
  id: string;
  dir: string;
  candidates: FixtureCandidate[];
  expected: {
    status: "running" | "finished" | "failed" | "stale";
    rounds_done: number;
    best_score: number | null;
    tokens: number;
    last_seq: number;
  };
  /** Appends events to the run (a running fixture keeps going). */
  log: EventLog;
}

const BASE_MS = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Builds the run `opts.id` inside `runsDir`. */
export async function buildFixtureRun(runsDir: string, opts: FixtureOptions): Promise<FixtureRun> {
  const rounds = opts.rounds ?? 2;
  const nCand = opts.candidates ?? 3;
  const n = opts.tasksPerCandidate ?? 6;
  const dir = join(runsDir, opts.id);
  const p = (...parts: string[]) => join(dir, ...parts);
  await Deno.mkdir(dir, { recursive: true });
  const log = await EventLog.open(p("events.jsonl"), {
    run: opts.id,
    clock: logicalClock(BASE_MS, 1000),
  });
  const benchmark = opts.protected ? "locomo" : "world";
  const secret = opts.protected ? SECRET : "plain";
  const prose = opts.protected ? `${SECRET} the task asked about a private detail` : "";

  await writeArtifact(p("eval_protocol.json"), EvalProtocolSchema, {
    schema_version: 1,
    digest: "0123456789abcdef01234567",
    components: {
      models: { task: null, search: null, diagnosis: null },
      prompts: {},
      dataset_hash: "d".repeat(64),
      split: "s".repeat(64),
      seed: 42,
      code_version: "automem-search-1",
      runtime_policy: "v1",
      flags: { benchmark, dry_run: true },
    },
    recorded: { max_tokens: 500000, max_cost_usd: 2, max_wall_s: 3600, max_rounds: 4 },
  });
  await writeArtifact(p("data_split.json"), DataSplitSchema, {
    schema_version: 1,
    method: "stratified",
    seed: 42,
    n_tasks: 24,
    profile_indices: [0, 1, 2, 3],
    optimization_indices: Array.from({ length: 12 }, (_, i) => 4 + i),
    validation_indices: [16, 17, 18, 19, 20],
    final_test_indices: [21, 22, 23],
  });
  const live = opts.kind === "running";
  if (live) {
    await writeArtifact(p(".run_active.lock"), LockFileSchema, {
      pid: Deno.pid,
      hostname: Deno.hostname(),
      proc_start: await processStartTime(Deno.pid),
      acquired_at: isoUtc(BASE_MS),
    });
  }

  let tokens = 0;
  await log.emit({
    type: "run_started",
    resumed: false,
    run_dir: dir,
    benchmark,
    proposer: "rules",
    dry_run: true,
    synthetic: true,
    max_rounds: 4,
    num_candidates: nCand,
    split: { warmup: 4, search: 12, validation: 5, test: 3 },
  });
  for (const [phase, count] of [["baseline", 8], ["warmup", 4]] as const) {
    await log.emit({ type: "phase_started", phase, n_tasks: count });
    for (let i = 1; i <= count; i++) {
      tokens += 1000;
      await log.emit({
        type: "task_finished",
        stage: phase,
        round: null,
        candidate: null,
        config_id: null,
        task_id: `${phase}_${i}`,
        index: i,
        n_tasks: count,
        score: 0.4,
        success: i % 2 === 0,
        tokens: 1000,
      });
    }
    await log.emit({ type: "phase_finished", phase, n_tasks: count, score: 0.4, reused: false });
  }
  await writeArtifact(p("baseline", "baseline_done.json"), BaselineDoneSchema, {
    schema_version: 1,
    score: 0.4,
    n_tasks: 8,
    task_ids: Array.from({ length: 8 }, (_, i) => `baseline_${i + 1}`),
    per_task: {},
    by_split: { warmup: 0.4, search: 0.4, validation: 0.4 },
    memory_sensitive_count: 5,
    easy_count: 1,
    synthetic: true,
    source: "fresh",
    usage: {},
  });

  const all: FixtureCandidate[] = [];
  let champion: ChampionState | null = null;
  const history: ChampionState["history"] = [];
  const runCandidate = async (t: number, k: number, taskIds: string[], upTo: number) => {
    const c = fixtureCandidate(t, k);
    const cdir = p(`round_${t}`, `candidate_${k}`);
    await log.emit({
      type: "candidate_started",
      stage: "round",
      round: t,
      candidate: k,
      config_id: c.config_id,
      label: c.label,
      fingerprint: c.fingerprint,
      n_tasks: taskIds.length,
    });
    for (let i = 0; i < upTo; i++) {
      await writeJsonAtomic(
        join(cdir, "tasks", `${taskIds[i]}.json`),
        fixtureTask(c, taskIds[i], i, secret, opts.protected ?? false),
      );
      tokens += c.cost;
      await log.emit({
        type: "task_finished",
        stage: "round",
        round: t,
        candidate: k,
        config_id: c.config_id,
        task_id: taskIds[i],
        index: i + 1,
        n_tasks: taskIds.length,
        score: i % 3 === 2 ? 0 : 1,
        success: i % 3 !== 2,
        tokens: c.cost,
      });
    }
    if (upTo < taskIds.length) return c;
    await writeArtifact(
      join(cdir, "attribution.json"),
      AttributionFileSchema,
      fixtureAttribution(c, taskIds, prose),
    );
    await writeArtifact(
      join(cdir, "result.json"),
      CandidateResultSchema,
      fixtureResult(c, taskIds),
    );
    await log.emit({
      type: "candidate_finished",
      stage: "round",
      round: t,
      candidate: k,
      config_id: c.config_id,
      label: c.label,
      status: "ok",
      error: null,
      metrics: fixtureMetrics(c, taskIds.length),
    });
    return c;
  };

  const proposals = async (t: number, taskIds: string[]) => {
    const cands = Array.from({ length: nCand }, (_, k) => fixtureCandidate(t, k));
    const file = {
      schema_version: 1 as const,
      round: t,
      fold: (t + 1) % 2,
      task_ids: taskIds,
      candidates: cands.map(fixtureProposed),
      proposer: { kind: "rules" as const, attempts: 1, rejected: [], topped_up: 0, usage: {} },
      manifest_sha256: "m".repeat(64),
    };
    await writeArtifact(p(`round_${t}`, "proposals.json"), ProposalsFileSchema, file);
    await log.emit({ type: "round_started", round: t, fold: file.fold, n_tasks: taskIds.length });
    await log.emit({
      type: "proposals_ready",
      round: t,
      proposer: "rules",
      attempts: 1,
      topped_up: 0,
      candidates: cands.map((c) => ({
        candidate: c.candidate,
        config_id: c.config_id,
        label: c.label,
        fingerprint: c.fingerprint,
        source: c.source,
        diversity_role: c.candidate === 0 ? "exploit" : "explore",
      })),
    });
  };

  for (let t = 1; t <= rounds; t++) {
    const taskIds = fixtureTaskIds(t, n);
    await proposals(t, taskIds);
    const cands: FixtureCandidate[] = [];
    for (let k = 0; k < nCand; k++) cands.push(await runCandidate(t, k, taskIds, n));
    all.push(...cands);
    const best = cands.reduce((a, b) => (b.score > a.score ? b : a));
    const previous = champion as ChampionState | null;
    const held = previous ? all.find((c) => c.config_id === previous.config_id) : undefined;
    const changed = previous === null || best.score > (held?.score ?? 0);
    const mode: ChampionState["mode"] = previous === null ? "init" : "paired_promotion";
    if (changed) {
      history.push({ round: t, config_id: best.config_id, mode });
      champion = {
        config_id: best.config_id,
        fingerprint: best.fingerprint,
        label: best.label,
        architecture: best.architecture,
        since_round: t,
        mode,
        promoted_over: previous?.config_id ?? null,
        test: previous === null
          ? null
          : { n_common: n, wins: 3, losses: 0, ties: 3, p_value: 0.125, alpha: 0.2, promote: true },
        last_applied_round: t,
        history: [...history],
      };
      await log.emit({
        type: "champion_changed",
        round: t,
        from: champion.promoted_over,
        to: best.config_id,
        label: best.label,
        mode,
        p_value: champion.test?.p_value ?? null,
      });
    }
    await commitFixtureRound({
      dir,
      log,
      t,
      n,
      taskIds,
      cands,
      all,
      best,
      champion: champion!,
      mode,
      changed,
      tokens,
      prose,
    });
  }
  let totalTokens = rounds > 0 ? fixtureUsage(tokens, []).total_tokens : tokens;

  if (opts.kind === "running" || opts.kind === "stale") {
    const t = rounds + 1;
    const taskIds = fixtureTaskIds(t, n);
    await proposals(t, taskIds);
    await runCandidate(t, 0, taskIds, n);
    await runCandidate(t, 1, taskIds, Math.floor(n / 2));
    totalTokens = tokens + (rounds > 0 ? 6000 : 0);
  } else if (opts.kind === "failed") {
    await log.emit({ type: "run_failed", error: "model endpoint unreachable", wall_ms: 5000 });
  } else {
    const winner = champion!;
    await writeArtifact(p("final_runoff", "runoff_result.json"), RunoffResultSchema, {
      schema_version: 1,
      selection: "validation",
      task_ids: ["v1", "v2", "v3", "v4", "v5"],
      baseline_score: 0.4,
      contenders: [],
      winner: {
        config_id: winner.config_id,
        fingerprint: winner.fingerprint,
        architecture: winner.architecture,
        validation_score: 0.6,
      },
      canonical_sha256: "c".repeat(64),
    });
    await writeArtifact(p("summary.json"), SummarySchema, {
      status: "finished",
      winner: {
        architecture: winner.architecture,
        fingerprint: winner.fingerprint,
        validation_score: 0.6,
        test_score: null,
      },
      baseline: { search_score: 0.4, validation_score: 0.4, test_score: null },
      rounds,
      evaluations: all.length,
      usage: { tokens: totalTokens, cost_usd: 0.0168 },
      synthetic: true,
    });
    await log.emit({
      type: "run_finished",
      status: "finished",
      stop_reason: "max_rounds",
      winner: { config_id: winner.config_id, label: winner.label, fingerprint: winner.fingerprint },
      rounds,
      evaluations: all.length,
      usage: { tokens: totalTokens, cost_usd: 0.0168 },
      wall_ms: 60000,
    });
  }
  await log.flush();
  return {
    id: opts.id,
    dir,
    candidates: all,
    expected: {
      status: opts.kind,
      rounds_done: rounds,
      best_score: all.length ? Math.max(...all.map((c) => c.score)) : null,
      tokens: totalTokens,
      last_seq: log.lastSeq,
    },
    log,
  };
}
