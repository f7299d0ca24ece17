/**
 * The subcommands of `automem scaffold`.
 *
 * @module
 */
import { evaluateScaffold, meanProgression } from "../scaffold/evaluate.ts";
import { exportData, trainingSeeds } from "../scaffold/export/export_data.ts";
import { meanMetrics } from "../scaffold/metrics.ts";
import { scaffoldFingerprint } from "../scaffold/spec.ts";
import { readScaffoldFile } from "../scaffold/spec_file.ts";
import { serveAgentEndpoint } from "../server/scaffold_endpoint.ts";
import { ScriptedScaffoldModel } from "../scaffold/offline/scripted_scaffold_model.ts";
import { createRng } from "../core/rng.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import type { CommandContext } from "./command.ts";
import { agentModels, defaultSteps, needEnv, parseSeeds, scaffoldOf } from "./scaffold_args.ts";
import { evolveSub } from "./scaffold_evolve_command.ts";
import { prettySorted } from "./core_commands.ts";
import { EXIT, UsageError } from "./io.ts";
import { loadConfig } from "../core/config.ts";

/** One subcommand. */
export type Subcommand = (ctx: CommandContext) => Promise<number>;

/** `scaffold spec FILE...`: validate and fingerprint. */
async function specSub({ positionals, io }: CommandContext): Promise<number> {
  if (positionals.length === 0) throw new UsageError("scaffold spec needs at least one FILE");
  let failed = false;
  for (const file of positionals) {
    const parsed = await readScaffoldFile(
      file,
      (p) => p === "-" ? io.readStdin() : io.readTextFile(p),
    );
    if (parsed.ok) {
      io.stdout(
        JSON.stringify({
          file,
          valid: true,
          fingerprint: scaffoldFingerprint(parsed.value),
          spec: parsed.value,
        }) + "\n",
      );
    } else {
      failed = true;
      io.stdout(JSON.stringify({ file, valid: false, issues: parsed.issues }) + "\n");
    }
  }
  return failed ? EXIT.failure : EXIT.ok;
}

/** `scaffold v0 --env E`: print the v0 scaffold. */
function v0Sub({ flags, io }: CommandContext): Promise<number> {
  const env = flags.env as string | undefined;
  if (!env) throw new UsageError("scaffold v0 needs --env");
  io.stdout(prettySorted(v0Scaffold(env)) + "\n");
  return Promise.resolve(EXIT.ok);
}

/** `scaffold play`: evaluate one scaffold on seeds. */
async function playSub({ flags, io }: CommandContext): Promise<number> {
  const env = needEnv(flags);
  const seeds = parseSeeds(String(flags.seeds ?? ""), "seeds");
  const spec = await scaffoldOf(flags, io, env);
  const maxSteps = (flags.max_steps as number | undefined) ?? defaultSteps(env);
  const records = await evaluateScaffold(spec, seeds, {
    env,
    maxSteps,
    persistMemory: flags.persist_memory === true,
    models: agentModels(flags, io).models,
    signal: io.signal,
  });
  // Episodes cut by Ctrl-C are not results.
  if (io.signal.aborted) {
    io.stderr("automem scaffold play: interrupted\n");
    return EXIT.interrupted;
  }
  io.stdout(
    JSON.stringify(
      {
        env,
        scaffold: scaffoldFingerprint(spec),
        persist_memory: flags.persist_memory === true,
        max_steps: maxSteps,
        mean_progression: meanProgression(records),
        episodes: records.map((r) => ({
          seed: r.result.seed,
          progression: r.result.progression,
          steps: r.result.steps,
          end: r.result.end_reason,
        })),
        metrics: meanMetrics(records.map((r) => r.result.metrics)),
      },
      null,
      2,
    ) + "\n",
  );
  return EXIT.ok;
}

/** `scaffold export`: memory-specialist training data. */
async function exportSub({ flags, io }: CommandContext): Promise<number> {
  const env = needEnv(flags);
  const out = flags.out as string | undefined;
  if (!out) throw new UsageError("scaffold export needs --out DIR");
  const evalSeeds = [
    ...Array.from({ length: 10 }, (_, i) => 42 + i),
    ...Array.from({ length: 10 }, (_, i) => 100 + i),
  ];
  const seeds = flags.seeds
    ? parseSeeds(String(flags.seeds), "seeds")
    : trainingSeeds(20, evalSeeds);
  const selector = (flags.selector as string | undefined) ?? "rules";
  if (selector !== "rules" && selector !== "judge") {
    throw new UsageError("--selector must be rules or judge");
  }
  const { models, roles } = agentModels(flags, io);
  const stats = await exportData({
    spec: await scaffoldOf(flags, io, env),
    seeds,
    maxSteps: (flags.max_steps as number | undefined) ?? defaultSteps(env),
    outDir: out,
    selector,
    judge: roles.judge,
    models,
    persistMemory: flags.persist_memory === true,
    signal: io.signal,
  });
  io.stdout(JSON.stringify(stats, null, 2) + "\n");
  return EXIT.ok;
}

/** `scaffold serve`: the BALROG agent endpoint. */
async function serveSub({ flags, io }: CommandContext): Promise<number> {
  const file = flags.scaffold as string | undefined;
  if (!file) throw new UsageError("scaffold serve needs --scaffold FILE");
  const parsed = await readScaffoldFile(file, (p) => io.readTextFile(p));
  if (!parsed.ok) {
    throw new UsageError(
      `${file} is not a valid scaffold: ${
        parsed.issues.map((i) => `${i.path.join(".") || "<root>"}: ${i.message}`).join("; ")
      }`,
    );
  }
  const scripted = new ScriptedScaffoldModel(createRng("serve"));
  const models = flags.offline
    ? { memory: scripted, task: scripted }
    : agentModels(flags, io).models;
  if (!models) {
    throw new UsageError(
      "scaffold serve needs an upstream model (--model with an endpoint), or --offline for the scripted policies",
    );
  }
  const token = (flags.token as string | undefined) ??
    loadConfig({ env: io.env, cwd: io.cwd }).statusToken?.reveal();
  const server = serveAgentEndpoint({
    spec: parsed.value,
    models,
    host: (flags.host as string | undefined) ?? "127.0.0.1",
    port: (flags.port as number | undefined) ?? 8765,
    token,
    persistMemory: flags.persist_memory === true,
    maxBodyBytes: flags.max_body_bytes as number | undefined,
    signal: io.signal,
  });
  io.stderr(
    `automem scaffold serve: BALROG agent endpoint at ${server.url} (scaffold ${parsed.value.name})\n`,
  );
  await server.finished;
  return EXIT.ok;
}

/** Subcommands by name. */
export const scaffoldSubcommands: Record<string, Subcommand> = {
  spec: specSub,
  v0: v0Sub,
  play: playSub,
  evolve: evolveSub,
  export: exportSub,
  serve: serveSub,
};
