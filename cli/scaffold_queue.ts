/**
 * `automem scaffold evolve --queue URL`: every episode of a scaffold evaluation is one queue job
 * when memory does not persist between episodes (with `--persist_memory` each episode starts
 * from the previous one's files, so evaluations stay in-process). The coordinator keeps the run
 * directory, the episode cache and the event log; a worker builds the game, plays the episode
 * through the same `playEpisode` as in-process and returns its record and traces.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { abortRejection } from "../core/abort_rejection.ts";
import { AutomemError } from "../core/automem_error.ts";
import { canonicalJson, sha256Hex } from "../core/canonical_json.ts";
import type { ChatModel } from "../core/ports.ts";
import { createScaffoldEnv } from "../scaffold/env_lookup.ts";
import { EpisodeRecordSchema, type PlayedEpisode, playEpisode } from "../scaffold/evaluate.ts";
import { scaffoldFingerprint, type ScaffoldSpec, ScaffoldSpecSchema } from "../scaffold/spec.ts";
import { StepTraceSchema } from "../scaffold/trace.ts";
import { acceptUnit, UnitRefusedError } from "../search/queue/run_unit.ts";
import { type ModelRefs, ModelRefsSchema, UNIT_CODE_VERSION } from "../search/queue/units.ts";
import type { Flags } from "./args.ts";
import type { CliIo } from "./io.ts";

/** One scaffold episode as a job payload. */
export const ScaffoldEpisodeUnitSchema = z.object({
  kind: z.literal("scaffold_episode"),
  code_version: z.string(),
  env: z.string(),
  max_steps: z.number().int().positive(),
  spec: ScaffoldSpecSchema,
  seed: z.number().int(),
  /** Task and memory models (null: the scripted policies play). */
  models: ModelRefsSchema,
});
/** A scaffold-episode payload. */
export type ScaffoldEpisodeUnit = z.infer<typeof ScaffoldEpisodeUnitSchema>;

const PlayedSchema = z.object({
  record: EpisodeRecordSchema,
  traces: z.array(StepTraceSchema),
});

/** Whether a job payload is a scaffold episode (the worker routes those here). */
export function isScaffoldEpisodePayload(payload: unknown): boolean {
  return (payload as { kind?: unknown } | null)?.kind === "scaffold_episode";
}

/** The job id of an episode: scaffold fingerprint, seed and payload hash. */
export function scaffoldEpisodeJobId(unit: ScaffoldEpisodeUnit): string {
  return `am-scaffold-${scaffoldFingerprint(unit.spec).slice(0, 12)}-${unit.seed}-${
    sha256Hex(canonicalJson(unit)).slice(0, 32)
  }`;
}

/** A worker's handler of scaffold episodes; `modelsFor` gives chat models with its own keys. */
export function scaffoldEpisodeRunner(env: {
  modelsFor(refs: ModelRefs): { task?: ChatModel; memory?: ChatModel };
  signal?: AbortSignal;
}): (payload: unknown) => Promise<PlayedEpisode> {
  return async (payload) => {
    const unit = acceptUnit(payload, ScaffoldEpisodeUnitSchema);
    // The raw spec, not the parsed copy: the episode records its fingerprint.
    const spec = (payload as { spec: ScaffoldSpec }).spec;
    const live = env.modelsFor(unit.models);
    // One instance for both roles when they name the same model, as the coordinator does.
    const same = canonicalJson(unit.models.task) === canonicalJson(unit.models.memory);
    const models = live.task
      ? { task: live.task, memory: same ? live.task : live.memory ?? live.task }
      : undefined;
    let game;
    try {
      game = await createScaffoldEnv(unit.env, { maxSteps: unit.max_steps, signal: env.signal });
    } catch (e) {
      throw new UnitRefusedError(`cannot start game ${unit.env} here: ${(e as Error).message}`);
    }
    try {
      return await playEpisode(spec, game, unit.seed, {
        maxSteps: unit.max_steps,
        persistMemory: false,
        models,
        signal: env.signal,
      });
    } finally {
      await game.close();
    }
  };
}

/** The coordinator's remote episode player for `runEvolve` (null without `--queue`). */
export async function openScaffoldQueue(
  flags: Flags,
  io: CliIo,
  opts: { env: string; maxSteps: number; models: ModelRefs; log: (line: string) => void },
): Promise<
  {
    play: (
      spec: ScaffoldSpec,
      seed: number,
      hooks: { onActive: (worker: string | null) => void },
    ) => Promise<PlayedEpisode & { worker: string }>;
    close: () => Promise<void>;
  } | null
> {
  const { openQueue } = await import("./queue_open.ts");
  const queue = await openQueue(flags, io);
  if (!queue) return null;
  // On interrupt the coordinator stops waiting (finished episodes are cached; --resume goes on).
  const interrupted = abortRejection(
    io.signal,
    () => new AutomemError("interrupted", "interrupted while waiting for queued episodes"),
  );
  return {
    play: async (spec, seed, hooks) => {
      const unit: ScaffoldEpisodeUnit = {
        kind: "scaffold_episode",
        code_version: UNIT_CODE_VERSION,
        env: opts.env,
        max_steps: opts.maxSteps,
        spec,
        seed,
        models: opts.models,
      };
      const done = await Promise.race([
        queue.submit(scaffoldEpisodeJobId(unit), unit, hooks),
        interrupted,
      ]);
      if (!PlayedSchema.safeParse(done.value).success) {
        throw new UnitRefusedError(`worker ${done.worker} returned a malformed episode ${seed}`);
      }
      opts.log(
        `queue: episode ${seed} of ${
          scaffoldFingerprint(spec).slice(0, 12)
        } done on ${done.worker}\n`,
      );
      // The raw result: parsing would reorder keys of the cached record.
      return { ...(done.value as PlayedEpisode), worker: done.worker };
    },
    close: () => queue.close(),
  };
}
