/**
 * Everything a run report shows, read from one run directory with the status server's confined,
 * schema-validated readers. Works on finished, failed and running runs: each artifact that is not
 * there yet (or is mid-write) is null and listed in `missing`, so a report never fails on a
 * partial run.
 *
 * @module
 */
import { basename } from "node:path";
import {
  type BaselineDone,
  BaselineDoneSchema,
  type ChampionState,
  ChampionStateSchema,
  type DataSplit,
  DataSplitSchema,
  type EvalProtocol,
  EvalProtocolSchema,
  type Ledger,
  LedgerSchema,
  type ParetoFile,
  ParetoFileSchema,
  type RoundDone,
  RoundDoneSchema,
  type RunoffResult,
  RunoffResultSchema,
  type RunSummary,
  SummarySchema,
  type UsageFile,
  UsageFileSchema,
  type ValidationResult,
  ValidationResultSchema,
} from "../search/artifacts.ts";
import type { RoundSummary } from "../server/api_schemas.ts";
import { notFound, RunReadError } from "../server/errors.ts";
import { EventFileCursor } from "../server/event_file.ts";
import { foldEvents, type ProgressState } from "../server/progress_state.ts";
import { isProtectedRun } from "../server/redact.ts";
import { readRounds, roundNumbers } from "../server/run_rounds.ts";
import { type DerivedStatus, deriveStatus, readLock } from "../server/run_status.ts";
import { readJsonInRun, resolveInRun } from "../server/safe_paths.ts";

/** The loaded run. */
export interface ReportData {
  id: string;
  status: DerivedStatus;
  progress: ProgressState;
  protocol: EvalProtocol | null;
  split: DataSplit | null;
  baseline: BaselineDone | null;
  champion: ChampionState | null;
  pareto: ParetoFile | null;
  ledger: Ledger | null;
  usage: UsageFile | null;
  runoff: RunoffResult | null;
  validation: ValidationResult | null;
  summary: RunSummary | null;
  rounds: RoundSummary[];
  /** Committed round records (differential validation, champion decisions). */
  roundDone: RoundDone[];
  protected: boolean;
  /** Artifacts that were absent or unreadable, with why. */
  missing: { file: string; reason: string }[];
}

/** Loads the report data of the run directory `runDir`. */
export async function loadReportData(runDir: string): Promise<ReportData> {
  let real: string;
  try {
    real = await Deno.realPath(runDir);
    if (!(await Deno.stat(real)).isDirectory) throw notFound(`${runDir} is not a directory`);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) throw notFound(`no run directory at ${runDir}`);
    throw error;
  }
  const missing: ReportData["missing"] = [];
  const soft = async <T>(file: string, read: Promise<T | undefined>): Promise<T | null> => {
    try {
      const value = await read;
      if (value === undefined) missing.push({ file, reason: "absent" });
      return value ?? null;
    } catch (error) {
      if (!(error instanceof RunReadError)) throw error;
      missing.push({ file, reason: error.message });
      return null;
    }
  };
  const eventsPath = await resolveInRun(real, "events.jsonl");
  const progress = foldEvents(eventsPath ? await new EventFileCursor(eventsPath).read() : []);
  if (!eventsPath) missing.push({ file: "events.jsonl", reason: "absent" });
  const summary = await soft("summary.json", readJsonInRun(real, SummarySchema, "summary.json"));
  const protocol = await soft(
    "eval_protocol.json",
    readJsonInRun(real, EvalProtocolSchema, "eval_protocol.json"),
  );
  const roundDone: RoundDone[] = [];
  for (const t of await roundNumbers(real)) {
    const done = await soft(
      `round_${t}/round_done.json`,
      readJsonInRun(real, RoundDoneSchema, `round_${t}`, "round_done.json"),
    );
    if (done) roundDone.push(done);
  }
  let rounds: RoundSummary[] = [];
  try {
    rounds = await readRounds(real);
  } catch (error) {
    if (!(error instanceof RunReadError)) throw error;
    missing.push({ file: "round_*", reason: error.message });
  }
  return {
    id: basename(real),
    status: deriveStatus(await readLock(real), progress.lifecycle, summary?.status ?? null),
    progress,
    protocol,
    split: await soft("data_split.json", readJsonInRun(real, DataSplitSchema, "data_split.json")),
    baseline: await soft(
      "baseline/baseline_done.json",
      readJsonInRun(real, BaselineDoneSchema, "baseline", "baseline_done.json"),
    ),
    champion: await soft(
      "champion_state.json",
      readJsonInRun(real, ChampionStateSchema, "champion_state.json"),
    ),
    pareto: await soft(
      "pareto_front.json",
      readJsonInRun(real, ParetoFileSchema, "pareto_front.json"),
    ),
    ledger: await soft(
      "ledger/ledger.json",
      readJsonInRun(real, LedgerSchema, "ledger", "ledger.json"),
    ),
    usage: await soft("usage.json", readJsonInRun(real, UsageFileSchema, "usage.json")),
    runoff: await soft(
      "final_runoff/runoff_result.json",
      readJsonInRun(real, RunoffResultSchema, "final_runoff", "runoff_result.json"),
    ),
    validation: await soft(
      "final_validation/validation_result.json",
      readJsonInRun(real, ValidationResultSchema, "final_validation", "validation_result.json"),
    ),
    summary,
    rounds,
    roundDone,
    protected: isProtectedRun(progress.benchmark, protocol),
    missing,
  };
}
