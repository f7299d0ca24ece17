/**
 * `automem run` wired to the configured web tools (or the fixture web with `--fixture_web`).
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { makeRunCommand } from "./run_command.ts";

/** `automem run` with the toolkit of `web_toolkit.ts`. */
export const runCommand: CommandDef = makeRunCommand(async (kind, opts) => {
  const { buildWebToolkit } = await import("./web_toolkit.ts");
  return await buildWebToolkit(kind, opts);
});
