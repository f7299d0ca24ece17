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

/**
 * One row of the command table: what `automem --help` shows, and how to load the command. The
 * loader is a dynamic import, so a command's module (and its SDKs) loads only when it is used.
 */
export interface CommandEntry {
  name: string;
  /** The overview line: the first sentence of the command's summary (a test keeps them equal). */
  brief: string;
  /** Imports the command's module and returns its definition. */
  load(): Promise<CommandDef>;
}

/** The overview line of a loaded command: its summary's first sentence. */
export function briefOf(command: Pick<CommandDef, "summary">): string {
  return command.summary.split(". ")[0].replace(/\.$/, "");
}

/** A table row for a command that is already loaded (tests, embedders). */
export function loadedEntry(command: CommandDef): CommandEntry {
  return { name: command.name, brief: briefOf(command), load: () => Promise.resolve(command) };
}
