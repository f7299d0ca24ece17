/**
 * The subcommands of `automem scaffold`.
 *
 * @module
 */
import { join } from "node:path";
import { systemClock } from "../core/clock.ts";
import { evaluateScaffold, meanProgression } from "../scaffold/evaluate.ts";
import { runEvolve } from "../scaffold/evolve.ts";
import { exportData, trainingSeeds } from "../scaffold/export/export_data.ts";
import { meanMetrics } from "../scaffold/metrics.ts";
import type { AgentModels } from "../scaffold/phases.ts";
import { scaffoldFingerprint, type ScaffoldSpec } from "../scaffold/spec.ts";
import { readScaffoldFile } from "../scaffold/spec_file.ts";
import { serveAgentEndpoint } from "../server/scaffold_endpoint.ts";
import { ScriptedScaffoldModel } from "../scaffold/offline/scripted_scaffold_model.ts";
import { createRng } from "../core/rng.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import type { CommandContext } from "./command.ts";
import { prettySorted } from "./core_commands.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import type { Flags } from "./args.ts";
import { loadConfig } from "../core/config.ts";
import { buildModels, type RoleModels } from "./model_deps.ts";

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
    flags: {
      model: flags.model as string | undefined,
      memoryModel: flags.memory_model as string | undefined,
      searchModel: flags.search_model as string | undefined,
      judgeModel: flags.judge_model as string | undefined,
    },
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

function needEnv(flags: Flags): string {
  const env = flags.env as string | undefined;
  if (!env) throw new UsageError("--env is required");
  return env;
}

const defaultSteps = (env: string) => (env === "tiny" ? 400 : 200);

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

/** `scaffold evolve`. */
async function evolveSub({ flags, io }: CommandContext): Promise<number> {
  const env = needEnv(flags);
  const seeds = parseSeeds(String(flags.seeds ?? ""), "seeds");
  const heldout = flags.heldout_seeds
    ? parseSeeds(String(flags.heldout_seeds), "heldout_seeds")
    : [];
  const overlap = heldout.filter((s) => seeds.includes(s));
  if (overlap.length) {
    throw new UsageError(`--heldout_seeds overlap --seeds: ${overlap.join(", ")}`);
  }
  const proposer = (flags.proposer as string | undefined) ?? "rules";
  if (proposer !== "rules" && proposer !== "model") {
    throw new UsageError("--proposer must be rules or model");
  }
  const { models, roles } = agentModels(flags, io);
  const runName = (flags.run_name as string | undefined) ?? `evolve_${env}`;
  const outputDir = (flags.output_dir as string | undefined) ?? join("runs", "scaffold");
  const maxSteps = (flags.max_steps as number | undefined) ?? defaultSteps(env);
  if (flags.queue !== undefined && flags.persist_memory === true) {
    throw new UsageError(
      "--queue plays each episode as its own job; with --persist_memory episodes carry memory from one to the next, so run it without --queue",
    );
  }
  const queued = flags.queue === undefined ? null : await (await import("./scaffold_queue.ts"))
    .openScaffoldQueue(flags, io, {
      env,
      maxSteps,
      models: (await import("./queue_commands.ts")).modelRefsFor(
        { task: models?.task, memory: models?.memory },
        io,
      ),
      log: (line) => flags.quiet || io.stderr(line),
    });
  try {
    return await evolveWith(flags, io, {
      env,
      seeds,
      heldout,
      proposer,
      runName,
      outputDir,
      maxSteps,
      models,
      roles,
      queued,
    });
  } finally {
    await queued?.close();
  }
}

async function evolveWith(
  flags: Flags,
  io: CliIo,
  { env, seeds, heldout, proposer, runName, outputDir, maxSteps, models, roles, queued }: {
    env: string;
    seeds: number[];
    heldout: number[];
    proposer: "rules" | "model";
    runName: string;
    outputDir: string;
    maxSteps: number;
    models: AgentModels | undefined;
    roles: RoleModels;
    queued: Awaited<ReturnType<typeof import("./scaffold_queue.ts").openScaffoldQueue>>;
  },
): Promise<number> {
  const summary = await runEvolve({
    ...(queued ? { remoteEpisode: queued.play } : {}),
    outputDir,
    runName,
    resume: flags.resume === true,
    forceNew: flags.force_new === true,
    clock: systemClock,
    models,
    searchModel: roles.search,
    signal: io.signal,
    onProgress: flags.quiet ? undefined : (l) => io.stderr(l + "\n"),
    config: {
      env,
      seeds,
      heldout_seeds: heldout,
      iterations: (flags.iterations as number | undefined) ?? 5,
      attempts: (flags.attempts as number | undefined) ?? 3,
      continuations: 1,
      max_steps: maxSteps,
      proposer,
      persist_memory: flags.persist_memory === true,
      start: await scaffoldOf(flags, io, env),
    },
  });
  io.stdout(
    JSON.stringify(
      {
        run_dir: join(outputDir, runName),
        final_fingerprint: summary.final_fingerprint,
        accepted: summary.accepted,
        attempts: summary.attempts,
        search: summary.search.paired,
        heldout: summary.heldout?.paired ?? null,
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
