/**
 * The task shape the three web benchmarks (GAIA, WebWalkerQA, xBench-DeepSearch) load into: one
 * question with its gold answer, its row in the input file and what the agent needs beside the
 * question (an attachment, a starting URL). Loaders validate the file with zod and report every
 * problem as an {@linkcode Issue} naming row and field.
 *
 * @module
 */
import type { Issue } from "../../core/issues.ts";
import { rowsOf } from "../task_file/parse.ts";

/** One loaded task. */
export interface WebTask {
  /** 0-based position of the row in the input file (splits use it). */
  row: number;
  /** Unique id: GAIA `task_id`, xBench `id`, WebWalkerQA `ww-<row+1>`. */
  id: string;
  question: string;
  /** The gold answer; never shown to the agent. */
  answer: string;
  level: 1 | 2 | 3;
  /** False when the file gave no level (WebWalkerQA without difficulty, xBench). */
  levelGiven: boolean;
  /** GAIA: attachment path relative to the input file's folder. */
  attachment?: string;
  /** WebWalkerQA: the site the agent must start from. */
  rootUrl?: string;
  /** Benchmark-specific descriptive fields (WebWalkerQA `info`, …); safe to persist. */
  info: Record<string, unknown>;
}

/** What a loader returns: the tasks, or every issue found. */
export type LoadResult = { ok: true; tasks: WebTask[] } | { ok: false; issues: Issue[] };

/** One parsed JSON row with its 1-based position (`where`) in the file. */
export interface JsonRow {
  value: unknown;
  where: number;
}

/** Splits JSON or JSONL text into rows, or returns the syntax issues. */
export function jsonRows(text: string): { rows: JsonRow[]; issues: Issue[]; unit: string } {
  const { rows, issues, array } = rowsOf(text);
  return { rows, issues, unit: array ? "row" : "line" };
}

/** Prefixes zod-derived issues with the row they belong to. */
export function rowIssues(unit: string, where: number, issues: readonly Issue[]): Issue[] {
  return issues.map((i) => ({
    ...i,
    path: [where, ...i.path],
    message: `${unit} ${where}, field '${i.path.join(".") || "(row)"}': ${i.message}`,
  }));
}

/** Reports duplicate ids (first occurrence wins) as issues. */
export function duplicateIssues(tasks: readonly WebTask[], unit: string): Issue[] {
  const seen = new Map<string, number>();
  const out: Issue[] = [];
  for (const t of tasks) {
    const first = seen.get(t.id);
    if (first !== undefined) {
      out.push({
        code: "duplicate",
        path: [t.row + 1, "id"],
        message: `${unit} ${t.row + 1}: id '${t.id}' already used on ${unit} ${first + 1}`,
      });
    } else seen.set(t.id, t.row);
  }
  return out;
}
