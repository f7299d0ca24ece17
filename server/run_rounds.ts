/**
 * Reading rounds and candidates of one run directory (`round_<t>/…`). A round is `done` once
 * `round_done.json` exists; before that its proposals, finished candidate results and task files
 * show how far it got.
 *
 * @module
 */
import {
  AttributionFileSchema,
  CandidateResultSchema,
  ProposalsFileSchema,
  RoundDoneSchema,
  TaskFileSchema,
} from "../search/artifacts.ts";
import type { CandidateDetail, RoundDetail, RoundSummary } from "./api_schemas.ts";
import { conflict, notFound, RunReadError } from "./errors.ts";
import { isProtectedTaskRecord, WITHHELD } from "./redact.ts";
import { type CandidateFiles, roundSummary, taskOutcome, withholdProse } from "./run_views.ts";
import { listInRun, readJsonInRun, readTextInRun } from "./safe_paths.ts";

/** Round numbers present in a run directory, ascending. */
export async function roundNumbers(runReal: string): Promise<number[]> {
  return (await listInRun(runReal))
    .map((name) => /^round_(\d{1,6})$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

async function candidateNumbers(runReal: string, t: number): Promise<number[]> {
  return (await listInRun(runReal, `round_${t}`))
    .map((name) => /^candidate_(\d{1,6})$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

async function lenient<T>(read: Promise<T | undefined>): Promise<T | null> {
  try {
    return (await read) ?? null;
  } catch (error) {
    if (error instanceof RunReadError && error.code === "conflict") return null;
    throw error;
  }
}

async function countTaskFiles(runReal: string, t: number, k: number): Promise<number> {
  const names = await listInRun(runReal, `round_${t}`, `candidate_${k}`, "tasks");
  return names.filter((n) => n.endsWith(".json")).length;
}

async function roundFiles(runReal: string, t: number) {
  const dir = `round_${t}`;
  const done = (await readJsonInRun(runReal, RoundDoneSchema, dir, "round_done.json")) ?? null;
  const proposals = (await readJsonInRun(runReal, ProposalsFileSchema, dir, "proposals.json")) ??
    null;
  const files = new Map<number, CandidateFiles>();
  for (const k of await candidateNumbers(runReal, t)) {
    const cdir = `candidate_${k}`;
    const result =
      (await readJsonInRun(runReal, CandidateResultSchema, dir, cdir, "result.json")) ??
        null;
    // The verdict is an extra on the round view: a file that does not read is left out here and
    // reported by the candidate route.
    const attribution = await lenient(
      readJsonInRun(runReal, AttributionFileSchema, dir, cdir, "attribution.json"),
    );
    const tasksDone = result ? result.task_ids.length : await countTaskFiles(runReal, t, k);
    files.set(k, { result, attribution, tasks_done: tasksDone });
  }
  return { done, proposals, files };
}

/** All rounds of a run (409 when a round's commit or result file is partial). */
export async function readRounds(runReal: string): Promise<RoundSummary[]> {
  const out: RoundSummary[] = [];
  for (const t of await roundNumbers(runReal)) {
    const { done, proposals, files } = await roundFiles(runReal, t);
    out.push(roundSummary(t, done, proposals, files));
  }
  return out;
}

/** One round with its differential validation, synthesis and proposer details. */
export async function readRound(
  runReal: string,
  t: number,
  isProtected: boolean,
): Promise<RoundDetail> {
  if (!(await roundNumbers(runReal)).includes(t)) throw notFound(`round ${t} has not started`);
  const { done, proposals, files } = await roundFiles(runReal, t);
  const synthesis = done?.round_synthesis ?? null;
  return {
    ...roundSummary(t, done, proposals, files),
    differential_validation: done?.differential_validation ?? [],
    round_synthesis: synthesis && isProtected ? withholdProse(synthesis) : synthesis,
    proposer: proposals
      ? {
        kind: proposals.proposer.kind,
        attempts: proposals.proposer.attempts,
        rejected: proposals.proposer.rejected.length,
        topped_up: proposals.proposer.topped_up,
      }
      : null,
    hypotheses: (proposals?.candidates ?? []).map((c) => ({
      candidate: c.candidate,
      hypothesis: c.hypothesis,
      diversity_role: c.diversity_role,
      rationale: c.rationale,
      repairs: c.repairs,
    })),
  };
}

async function candidateDirExists(runReal: string, t: number, k: number): Promise<boolean> {
  return (await candidateNumbers(runReal, t)).includes(k);
}

function withholdText(text: string): string {
  return text === "" ? "" : WITHHELD;
}

async function readTasks(runReal: string, parts: string[], runProtected: boolean) {
  const names = (await listInRun(runReal, ...parts, "tasks")).filter((n) => n.endsWith(".json"));
  const out = [];
  let anyProtected = runProtected;
  for (const name of names) {
    const text = await readTextInRun(runReal, ...parts, "tasks", name);
    if (text === undefined) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw conflict(
        `${[...parts, "tasks", name].join("/")} is incomplete or not valid JSON`,
        error,
      );
    }
    const parsed = TaskFileSchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw conflict(
        `${[...parts, "tasks", name].join("/")} does not match its schema at ` +
          `${first.path.map(String).join(".") || "<root>"}: ${first.message}`,
      );
    }
    anyProtected ||= isProtectedTaskRecord(raw);
    out.push(parsed.data);
  }
  out.sort((a, b) => a.row - b.row || a.task_id.localeCompare(b.task_id));
  return { tasks: out, isProtected: anyProtected };
}

/**
 * One candidate: architecture, metrics, attribution and per-task outcomes. A candidate that is
 * proposed but not finished is `running` with the tasks finished so far.
 */
export async function readCandidate(
  runReal: string,
  t: number,
  k: number,
  runProtected: boolean,
): Promise<CandidateDetail> {
  const parts = [`round_${t}`, `candidate_${k}`];
  const result = await readJsonInRun(runReal, CandidateResultSchema, ...parts, "result.json");
  const proposals = await readJsonInRun(
    runReal,
    ProposalsFileSchema,
    `round_${t}`,
    "proposals.json",
  );
  const head = result ?? proposals?.candidates.find((c) => c.candidate === k);
  if (!head) throw notFound(`round ${t} has no candidate ${k}`);
  const attribution = await readJsonInRun(
    runReal,
    AttributionFileSchema,
    ...parts,
    "attribution.json",
  );
  const { tasks, isProtected } = await readTasks(runReal, parts, runProtected);
  const verdict = attribution && isProtected
    ? { ...attribution.verdict, reasoning: withholdText(attribution.verdict.reasoning) }
    : attribution?.verdict;
  return {
    round: t,
    candidate: k,
    config_id: head.config_id,
    label: head.label,
    fingerprint: head.fingerprint,
    source: head.source,
    architecture: head.architecture,
    hypothesis: head.hypothesis,
    rationale: head.rationale,
    diversity_role: head.diversity_role,
    repairs: head.repairs,
    status: result?.status ??
      (tasks.length > 0 || await candidateDirExists(runReal, t, k) ? "running" : "pending"),
    error: result?.error ?? null,
    metrics: result?.metrics ?? null,
    usage: result?.usage ?? null,
    attribution: attribution && verdict
      ? {
        summary: attribution.summary,
        verdict,
        layer_diagnosis: isProtected
          ? Object.fromEntries(
            Object.entries(attribution.layer_diagnosis).map(([layer, d]) => [layer, {
              ...d,
              observation: withholdText(d.observation),
              suggestion: withholdText(d.suggestion),
            }]),
          )
          : attribution.layer_diagnosis,
        per_task: attribution.per_task,
      }
      : null,
    tasks: tasks.map((task) => taskOutcome(task, isProtected)),
    protected: isProtected,
  };
}
