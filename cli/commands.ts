/**
 * The command table of `automem`.
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { compileCommand, spaceCommand, specCommand, versionCommand } from "./core_commands.ts";
import { curvesCommand } from "./curves_command.ts";
import { gameCommand } from "./game_command.ts";
import { benchCommand } from "./bench_command.ts";
import { locomoCommand, smokeCommand } from "./memory_commands.ts";
import { scaffoldCommand } from "./scaffold_commands.ts";
import { mcpCommand } from "./mcp_command.ts";
import { workerCommand } from "./queue_commands.ts";
import { searchCommand, sweepCommand } from "./search_commands.ts";
import { storeCommand } from "./store_command.ts";
import { reportCommand, serveCommand } from "./server_commands.ts";
import { fixtureWebCommand, webToolCommand } from "./web_commands.ts";
import { runCommand } from "./run_default.ts";

/** Every command, in help order. */
export const COMMANDS: readonly CommandDef[] = [
  spaceCommand,
  specCommand,
  compileCommand,
  searchCommand,
  runCommand,
  sweepCommand,
  workerCommand,
  curvesCommand,
  smokeCommand,
  locomoCommand,
  benchCommand,
  gameCommand,
  storeCommand,
  serveCommand,
  scaffoldCommand,
  mcpCommand,
  reportCommand,
  fixtureWebCommand,
  webToolCommand,
  versionCommand,
];
