/**
 * The shape of one CLI command: its flags, help and action.
 *
 * @module
 */
import type { FlagDef, Flags } from "./args.ts";
import type { CliIo } from "./io.ts";

/** What a command's action receives. */
export interface CommandContext {
  flags: Flags;
  positionals: string[];
  io: CliIo;
}

/** One `automem <command>`. */
export interface CommandDef {
  name: string;
  /** e.g. `automem spec FILE... [options]`. */
  usage: string;
  summary: string;
  flags: readonly FlagDef[];
  /** Minimum and maximum positional arguments (max undefined = any). */
  positionals: { min: number; max?: number };
  /** Returns the exit code. */
  run(ctx: CommandContext): Promise<number>;
}
