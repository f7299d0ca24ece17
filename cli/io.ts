/**
 * The CLI's view of the outside world, injectable so commands are tested without a terminal.
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "../core/automem_error.ts";

/** Exit codes: 0 ok, 1 failure, 2 usage error, 130 interrupted. */
export const EXIT = { ok: 0, failure: 1, usage: 2, interrupted: 130 } as const;

/** Terminal and file-system access for commands. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  readTextFile(path: string): Promise<string>;
  cwd: string;
  /** True when stderr, where progress goes, is a terminal (bars instead of plain lines). */
  isTTY: boolean;
  /**
   * Environment override for the config module (tests); absent, the config module reads the
   * process environment itself, the only place that does.
   */
  env?: Record<string, string | undefined>;
  /** Aborted on SIGINT. */
  signal: AbortSignal;
}

/** A usage error: printed without a stack trace, exit 2. */
export class UsageError extends AutomemError {
  /** Builds the error; `cause` is the refused library error, when there is one. */
  constructor(message: string, options?: AutomemErrorOptions) {
    super("usage", message, options);
    this.name = "UsageError";
  }
}
