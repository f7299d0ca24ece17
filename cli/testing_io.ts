/**
 * An in-memory {@linkcode CliIo} for command tests.
 *
 * @module
 */
import type { CliIo } from "./io.ts";

/** A captured CLI I/O: what was printed, with scripted stdin and files. */
export interface CapturedIo extends CliIo {
  out: string[];
  err: string[];
}

/** Builds a captured I/O with the given stdin text, files and environment. */
export function captureIo(
  opts: {
    stdin?: string;
    files?: Record<string, string>;
    env?: Record<string, string>;
    cwd?: string;
  } = {},
): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: () => Promise.resolve(opts.stdin ?? ""),
    readTextFile: (p) =>
      p in (opts.files ?? {})
        ? Promise.resolve(opts.files![p])
        : Promise.reject(new Deno.errors.NotFound(p)),
    cwd: opts.cwd ?? "/nonexistent",
    isTTY: false,
    env: opts.env ?? {},
    signal: new AbortController().signal,
  };
}
