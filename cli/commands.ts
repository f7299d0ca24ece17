/**
 * The command table of `automem`.
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { compileCommand, spaceCommand, specCommand, versionCommand } from "./core_commands.ts";
import { curvesCommand } from "./curves_command.ts";
import { benchCommand, locomoCommand, smokeCommand } from "./memory_commands.ts";
import { searchCommand, sweepCommand } from "./search_commands.ts";
import { storeCommand } from "./store_command.ts";
import { reportCommand, serveCommand } from "./server_commands.ts";

/** Every command, in help order. */
export const COMMANDS: readonly CommandDef[] = [
  spaceCommand,
  specCommand,
  compileCommand,
  searchCommand,
  sweepCommand,
  curvesCommand,
  smokeCommand,
  locomoCommand,
  benchCommand,
  storeCommand,
  serveCommand,
  reportCommand,
  versionCommand,
];
