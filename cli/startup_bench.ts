/**
 * `automem bench startup`: how long `automem space` and `automem --help` take from process start
 * to exit, beside a bare `deno eval` measured in the same run. Each round starts every case once,
 * in turn, so a slow minute on a shared machine touches all of them; the report is the median
 * per case and its ratio to the bare eval (the target is at most 3x).
 *
 * @module
 */
import { median } from "../core/median.ts";
import { UsageError } from "./io.ts";

/** One process the benchmark starts: a name, the program and its arguments. */
export interface StartupCase {
  name: string;
  cmd: string;
  args: string[];
}

/** The result of one case. */
export interface StartupRow {
  case: string;
  runs: number;
  median_ms: number;
  /** `median_ms` over the baseline's (the first case's) median. */
  ratio: number;
}

/** Starts one process and resolves with its wall time in ms; rejects when it fails. */
export type StartProcess = (c: StartupCase) => Promise<number>;

/**
 * The three cases: the bare `deno eval` baseline first, then `--help` and `space` of the
 * `automem` entry module `entry`, run by the deno at `deno`.
 */
export function startupCases(deno: string, entry: string): StartupCase[] {
  return [
    { name: "deno eval", cmd: deno, args: ["eval", "0"] },
    { name: "automem --help", cmd: deno, args: ["run", "-A", entry, "--help"] },
    { name: "automem space", cmd: deno, args: ["run", "-A", entry, "space"] },
  ];
}

/** Runs `rounds` interleaved rounds of `cases` and reports each case against the first. */
export async function measureStartup(
  cases: readonly StartupCase[],
  rounds: number,
  start: StartProcess,
  signal?: AbortSignal,
): Promise<StartupRow[]> {
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < rounds && !signal?.aborted; r++) {
    for (const [i, c] of cases.entries()) times[i].push(await start(c));
  }
  const base = median(times[0]);
  return cases.map((c, i) => ({
    case: c.name,
    runs: times[i].length,
    median_ms: Math.round(median(times[i])),
    ratio: Math.round(median(times[i]) / base * 100) / 100,
  }));
}

/** Starts `c` with its output discarded; a non-zero exit is an error carrying its stderr. */
export const startProcess: StartProcess = async (c) => {
  const t0 = performance.now();
  const out = await new Deno.Command(c.cmd, { args: c.args, stdout: "null", stderr: "piped" })
    .output();
  const ms = performance.now() - t0;
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr).trim().split("\n").slice(-3).join("\n");
    throw new Error(`${c.name} exited with ${out.code}: ${err}`);
  }
  return ms;
};

/** The plain-text table of the rows. */
export function formatStartup(rows: readonly StartupRow[]): string {
  const width = Math.max(...rows.map((r) => r.case.length)) + 2;
  const lines = rows.map((r) =>
    `${r.case.padEnd(width)}${String(r.median_ms).padStart(7)} ms  ${r.ratio.toFixed(2)}x`
  );
  const runs = rows[0]?.runs ?? 0;
  return [`median wall time of ${runs} starts each (ratio to bare deno eval)`, ...lines].join(
    "\n",
  );
}

/** The checked `--runs` value. */
export function runsFlag(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`--runs: '${value}' is not a positive integer`);
  }
  return n;
}

/**
 * The deno executable and `automem` entry module of this process. A compiled `automem` has no
 * `deno eval` to compare with, so the benchmark runs from a checkout.
 */
export function denoAndEntry(execPath = Deno.execPath(), entry = Deno.mainModule): {
  deno: string;
  entry: string;
} {
  if (!/^deno(\.exe)?$/.test(execPath.split(/[\\/]/).pop() ?? "")) {
    throw new UsageError(
      "bench startup compares with a bare `deno eval`: run it from a checkout (deno task automem bench startup)",
    );
  }
  return { deno: execPath, entry };
}
