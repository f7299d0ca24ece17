/**
 * The command table of `automem`.
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { compileCommand, spaceCommand, specCommand, versionCommand } from "./core_commands.ts";

/** Every command, in help order. */
export const COMMANDS: readonly CommandDef[] = [
  spaceCommand,
  specCommand,
  compileCommand,
  versionCommand,
];
