/**
 * Folds a run's event stream into "where does it stand": phase, round, candidates in flight,
 * task counts, per-round scores, champion, tokens and cost. The status server, the dashboard's
 * API and the terminal progress display all use this one reducer, so they always agree.
 *
 * @module
 */
import type { RunEvent } from "../search/events.ts";
import type { ProgressView } from "./api_schemas.ts";
import { applyDispatch, type QueueJob } from "./queue_progress.ts";

type Candidate = ProgressView["candidates"][number];

/** One process session of a run (a resume starts a new one), for wall time. */
export interface Session {
  started_ms: number;
  last_ms: number;
}

/** The folded state; `view` is what the API returns, the rest is run-level context. */
export interface ProgressState {
  view: ProgressView;
  started: string | null;
  updated: string | null;
  benchmark: string | null;
  dry_run: boolean | null;
  synthetic: boolean | null;
  num_candidates: number | null;
  sessions: Session[];
  /** Task tokens seen since the last usage checkpoint (round or run end). */
  tokens_since_checkpoint: number;
  /** Tokens at the last checkpoint (cumulative over the run). */
  checkpoint_tokens: number;
  /** The last `run_started`, `run_finished` or `run_failed` event (decides the status). */
  lifecycle: Extract<RunEvent, { type: "run_started" | "run_finished" | "run_failed" }> | null;
  /** Task counts of the current stage when no candidates are involved (baseline...). */
  stage: { done: number; total: number } | null;
  /** Queue jobs by id (`--queue` runs): unit label, latest state, the worker that took it. */
  jobs: Map<string, QueueJob>;
}

/** A fresh state (no events). */
export function emptyProgress(): ProgressState {
  return {
    view: {
      phase: null,
      round: null,
      fold: null,
      rounds_done: 0,
      rounds_planned: null,
      candidates_done: 0,
      candidates_total: null,
      candidates: [],
      tasks_done: 0,
      tasks_total: null,
      tasks_finished: 0,
      evaluations: 0,
      rounds: [],
      champion: null,
      tokens: 0,
      cost_usd: 0,
      events: 0,
      last_event: null,
      queue: null,
    },
    started: null,
    updated: null,
    benchmark: null,
    dry_run: null,
    synthetic: null,
    num_candidates: null,
    sessions: [],
    tokens_since_checkpoint: 0,
    checkpoint_tokens: 0,
    lifecycle: null,
    stage: null,
    jobs: new Map(),
  };
}

function candidateEntry(v: ProgressView, k: number, configId: string, label: string): Candidate {
  let entry = v.candidates.find((c) => c.candidate === k);
  if (!entry) {
    entry = {
      candidate: k,
      config_id: configId,
      label,
      status: "pending",
      tasks_done: 0,
      n_tasks: 0,
      score: null,
    };
    v.candidates.push(entry);
    v.candidates.sort((a, b) => a.candidate - b.candidate);
  }
  return entry;
}

function recount(s: ProgressState): void {
  const v = s.view;
  v.candidates_done = v.candidates.filter((c) => c.status !== "running" && c.status !== "pending")
    .length;
  if (v.candidates.length === 0) {
    const stage = s.stage;
    v.tasks_done = stage?.done ?? 0;
    v.tasks_total = stage ? stage.total : null;
    return;
  }
  v.tasks_done = v.candidates.reduce((sum, c) => sum + c.tasks_done, 0);
  const perCandidate = Math.max(0, ...v.candidates.map((c) => c.n_tasks));
  const n = v.candidates_total ?? v.candidates.length;
  const fromCandidates = perCandidate > 0 ? perCandidate * n : null;
  // Outside rounds the stage announces its whole task count (runoff: tasks × contenders).
  const fromStage = v.phase !== "round" && s.stage ? s.stage.total : null;
  v.tasks_total = fromStage !== null && fromCandidates !== null
    ? Math.max(fromStage, fromCandidates)
    : fromStage ?? fromCandidates;
}

function checkpoint(s: ProgressState, tokens: number, cost: number): void {
  s.checkpoint_tokens = tokens;
  s.tokens_since_checkpoint = 0;
  s.view.tokens = tokens;
  s.view.cost_usd = cost;
}

/** Applies one event to `state` in place. */
export function applyEvent(s: ProgressState, e: RunEvent): void {
  const v = s.view;
  v.events += 1;
  v.last_event = { seq: e.seq, type: e.type, at: e.at };
  s.updated = e.at;
  const ms = Date.parse(e.at);
  const session = s.sessions[s.sessions.length - 1];
  // A run_started opens a new session; the gap since the previous one is not wall time used.
  if (session && Number.isFinite(ms) && e.type !== "run_started") {
    session.last_ms = Math.max(session.last_ms, ms);
  }
  switch (e.type) {
    case "run_started":
      s.lifecycle = e;
      s.started ??= e.at;
      if (Number.isFinite(ms)) s.sessions.push({ started_ms: ms, last_ms: ms });
      s.benchmark = e.benchmark;
      s.dry_run = e.dry_run;
      s.synthetic = e.synthetic;
      s.num_candidates = e.num_candidates;
      v.rounds_planned = e.max_rounds;
      v.phase = "starting";
      break;
    case "phase_started":
      v.phase = e.phase;
      v.round = null;
      v.fold = null;
      v.candidates = [];
      v.candidates_total = null;
      s.stage = { done: 0, total: e.n_tasks };
      break;
    case "phase_finished":
      s.stage = { done: e.n_tasks, total: e.n_tasks };
      break;
    case "round_started":
      v.phase = "round";
      v.round = e.round;
      v.fold = e.fold;
      v.candidates = [];
      v.candidates_total = s.num_candidates;
      s.stage = { done: 0, total: e.n_tasks };
      break;
    case "proposals_ready":
      v.candidates_total = e.candidates.length;
      for (const c of e.candidates) candidateEntry(v, c.candidate, c.config_id, c.label);
      for (const c of v.candidates) if (c.n_tasks === 0) c.n_tasks = s.stage?.total ?? 0;
      break;
    case "candidate_started": {
      const c = candidateEntry(v, e.candidate, e.config_id, e.label);
      Object.assign(c, { config_id: e.config_id, label: e.label, status: "running" });
      c.n_tasks = e.n_tasks;
      break;
    }
    case "task_finished": {
      v.tasks_finished += 1;
      s.tokens_since_checkpoint += e.tokens;
      v.tokens = s.checkpoint_tokens + s.tokens_since_checkpoint;
      if (e.candidate !== null) {
        const c = candidateEntry(v, e.candidate, e.config_id ?? "", e.config_id ?? "");
        if (c.status === "pending") c.status = "running";
        c.tasks_done = Math.max(c.tasks_done, e.index);
        c.n_tasks = Math.max(c.n_tasks, e.n_tasks);
      } else {
        const done = Math.max(s.stage?.done ?? 0, e.index);
        s.stage = { done, total: e.n_tasks };
      }
      break;
    }
    case "candidate_finished": {
      const c = candidateEntry(v, e.candidate, e.config_id, e.label);
      c.status = e.status;
      c.score = e.metrics?.score ?? null;
      if (e.status !== "failed" && c.n_tasks > 0) c.tasks_done = c.n_tasks;
      break;
    }
    case "champion_changed":
      v.champion = { config_id: e.to, label: e.label, round: e.round };
      break;
    case "round_finished":
      v.rounds = v.rounds.filter((r) => r.round !== e.round);
      v.rounds.push({
        round: e.round,
        best_score: e.best_score,
        mean_score: e.mean_score,
        best_lift: e.best_lift,
        champion: e.champion,
        front_size: e.front_size,
        tokens: e.usage.tokens,
        cost_usd: e.usage.cost_usd,
      });
      v.rounds.sort((a, b) => a.round - b.round);
      v.rounds_done = v.rounds.length;
      v.evaluations = e.evaluations;
      checkpoint(s, e.usage.tokens, e.usage.cost_usd);
      break;
    case "run_finished":
      s.lifecycle = e;
      v.phase = "finished";
      v.evaluations = e.evaluations;
      checkpoint(s, e.usage.tokens, e.usage.cost_usd);
      break;
    case "run_failed":
      s.lifecycle = e;
      v.phase = "failed";
      break;
    case "diagnosis_ready":
      break;
    case "unit_dispatch":
      applyDispatch(s, e);
      break;
  }
  recount(s);
}

/** Folds `events` into `state` (a fresh one by default) and returns it. */
export function foldEvents(
  events: readonly RunEvent[],
  state: ProgressState = emptyProgress(),
): ProgressState {
  for (const e of events) applyEvent(state, e);
  return state;
}

/** Total wall time of all sessions in seconds; a live session runs until `nowMs`. */
export function wallSeconds(state: ProgressState, nowMs: number | null): number {
  let total = 0;
  state.sessions.forEach((s, i) => {
    const last = i === state.sessions.length - 1 && nowMs !== null
      ? Math.max(s.last_ms, nowMs)
      : s.last_ms;
    total += Math.max(0, last - s.started_ms);
  });
  return total / 1000;
}
