/**
 * `automem scaffold evolve`: the meta-proposer's loop over scaffolds, in-process or with each
 * episode as a queue job (`--queue`).
 *
 * @module
 */
import { join } from "node:path";
import { systemClock } from "../core/clock.ts";
import { runEvolve } from "../scaffold/evolve.ts";
import type { AgentModels } from "../scaffold/phases.ts";
import type { CommandContext } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import type { Flags } from "./args.ts";
import type { RoleModels } from "./model_deps.ts";
import { agentModels, defaultSteps, needEnv, parseSeeds, scaffoldOf } from "./scaffold_args.ts";

/** `scaffold evolve`. */
export async function evolveSub({ flags, io }: CommandContext): Promise<number> {
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
