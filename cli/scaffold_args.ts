/**
 * Flag readers shared by the `automem scaffold` subcommands: seeds, the scaffold file, the live
 * models and the environment.
 *
 * @module
 */
import type { AgentModels } from "../scaffold/phases.ts";
import type { ScaffoldSpec } from "../scaffold/spec.ts";
import { readScaffoldFile } from "../scaffold/spec_file.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import { loadConfig } from "../core/config.ts";
import type { Flags } from "./args.ts";
import { type CliIo, UsageError } from "./io.ts";
import { buildModels, modelFlags, type RoleModels } from "./model_deps.ts";

/** Parses `42-51` or `1,2,5` (or a mix) into seeds. */
export function parseSeeds(text: string, flag: string): number[] {
  const out: number[] = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const m = part.match(/^(\d+)(?:-(\d+))?$/);
    if (!m) throw new UsageError(`--${flag}: '${part}' is not a seed or a range like 42-51`);
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw new UsageError(`--${flag}: range ${part} is empty`);
    for (let s = a; s <= b; s++) out.push(s);
  }
  if (out.length === 0) throw new UsageError(`--${flag} lists no seeds`);
  return out;
}

/** The scaffold of a command: `--scaffold FILE` or the environment's v0. */
export async function scaffoldOf(flags: Flags, io: CliIo, env: string): Promise<ScaffoldSpec> {
  const file = flags.scaffold as string | undefined;
  if (!file) return v0Scaffold(env);
  const parsed = await readScaffoldFile(file, (p) => io.readTextFile(p));
  if (!parsed.ok) {
    throw new UsageError(
      `${file} is not a valid scaffold: ` +
        parsed.issues.map((i) => `${i.path.join(".") || "<root>"}: ${i.message}`).join("; "),
    );
  }
  if (parsed.value.env !== env) {
    throw new UsageError(`${file} is a scaffold for '${parsed.value.env}', not '${env}'`);
  }
  return parsed.value;
}

/** The live MEMORY/TASK models, or undefined offline. */
export function agentModels(flags: Flags, io: CliIo): { models?: AgentModels; roles: RoleModels } {
  if (flags.offline) return { roles: {} };
  const config = loadConfig({
    env: io.env,
    cwd: io.cwd,
    flags: modelFlags(flags),
  });
  const roles = buildModels(config);
  if (!roles.task) return { roles };
  // Both roles default to the task model (one instance: no hand-off between models).
  const split = config.roles.memory.model !== config.roles.task.model;
  return {
    models: { task: roles.task, memory: split && roles.memory ? roles.memory : roles.task },
    roles,
  };
}

/** The required `--env`. */
export function needEnv(flags: Flags): string {
  const env = flags.env as string | undefined;
  if (!env) throw new UsageError("--env is required");
  return env;
}

/** Steps per episode when `--max_steps` is not given. */
export const defaultSteps = (env: string) => (env === "tiny" ? 400 : 200);
