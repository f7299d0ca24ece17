/**
 * The evolution run directory: config, state, proposals, cached episodes with compact traces,
 * events, summary and report. Every JSON write is atomic; the lock and directory rules are the
 * search engine's.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { writeFileAtomic } from "../core/atomic_write.ts";
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { readArtifact, type RunDir, writeArtifact } from "../run_dir/run_dir.ts";
import { type EpisodeCache, type EpisodeRecord, EpisodeRecordSchema } from "./evaluate.ts";
import { ScaffoldSpecSchema } from "./spec.ts";
import type { StepTrace } from "./trace.ts";
import { redactSecretValues } from "../core/secret_values.ts";

/** The run's configuration (fixed at creation; a resume must match it). */
export const EvolveConfigSchema = z.object({
  env: z.string(),
  seeds: z.array(z.number().int()).min(1),
  heldout_seeds: z.array(z.number().int()),
  iterations: z.number().int().min(1),
  attempts: z.number().int().min(1),
  continuations: z.number().int().min(0),
  max_steps: z.number().int().min(1),
  proposer: z.enum(["rules", "model"]),
  persist_memory: z.boolean(),
  start: ScaffoldSpecSchema,
});

/** The run configuration. */
export type EvolveConfig = z.infer<typeof EvolveConfigSchema>;

/** One proposal's fate. */
export const AttemptRecordSchema = z.object({
  iteration: z.number().int(),
  slot: z.number().int(),
  kind: z.enum(["fresh", "continuation"]),
  changes: z.array(z.string()),
  fingerprint: z.string().nullable(),
  score: z.number().nullable(),
  baseline: z.number(),
  accepted: z.boolean(),
  reason: z.string(),
  paired: z.object({
    seeds: z.number(),
    mean_a: z.number(),
    mean_b: z.number(),
    mean_diff: z.number(),
    wins: z.number(),
    losses: z.number(),
    ties: z.number(),
    se_diff: z.number(),
  }).nullable(),
});

/** One attempt record. */
export type AttemptRecord = z.infer<typeof AttemptRecordSchema>;

/** Where the loop stands. */
export const EvolveStateSchema = z.object({
  current: ScaffoldSpecSchema,
  current_score: z.number(),
  /** The iteration and attempt slot to run next. */
  iteration: z.number().int(),
  slot: z.number().int(),
  history: z.array(AttemptRecordSchema),
  /** Changes tried in the current iteration. */
  tried: z.array(z.string()),
  search_done: z.boolean(),
});

/** The loop state. */
export type EvolveState = z.infer<typeof EvolveStateSchema>;

/** A stored proposal (or the reason an attempt had none). */
export const StoredProposalSchema = z.object({
  spec: ScaffoldSpecSchema.nullable(),
  analysis: z.string(),
  description: z.string(),
  changes: z.array(z.string()),
  reason: z.string(),
});

/** A stored proposal. */
export type StoredProposal = z.infer<typeof StoredProposalSchema>;

/** Paths and typed reads/writes of one evolution run. */
export class EvolveStore {
  /** The run directory. */
  readonly dir: RunDir;
  /** Wraps `dir`. */
  constructor(dir: RunDir) {
    this.dir = dir;
  }
  /** Reads the config. */
  config(): Promise<EvolveConfig | undefined> {
    return readArtifact(this.dir.path("config.json"), EvolveConfigSchema);
  }
  /** Writes the config. */
  saveConfig(c: EvolveConfig): Promise<void> {
    return writeArtifact(this.dir.path("config.json"), EvolveConfigSchema, c);
  }
  /** Reads the state. */
  state(): Promise<EvolveState | undefined> {
    return readArtifact(this.dir.path("state.json"), EvolveStateSchema);
  }
  /** Writes the state. */
  saveState(s: EvolveState): Promise<void> {
    return writeArtifact(this.dir.path("state.json"), EvolveStateSchema, s);
  }
  /** Reads a stored proposal. */
  proposal(iteration: number, slot: number): Promise<StoredProposal | undefined> {
    return readArtifact(
      this.dir.path("proposals", `iter_${iteration}_slot_${slot}.json`),
      StoredProposalSchema,
    );
  }
  /** Stores a proposal. */
  saveProposal(iteration: number, slot: number, p: StoredProposal): Promise<void> {
    return writeArtifact(
      this.dir.path("proposals", `iter_${iteration}_slot_${slot}.json`),
      StoredProposalSchema,
      p,
    );
  }
  /** The episode cache over `episodes/<key>/<seed>.json` (+ compact traces). */
  episodes(): EpisodeCache {
    return {
      get: (key, seed) =>
        readArtifact(this.dir.path("episodes", key, `${seed}.json`), EpisodeRecordSchema),
      put: async (key, seed, record: EpisodeRecord, traces: readonly StepTrace[]) => {
        // Traces first: a record on disk means its traces are complete.
        const lines = traces.map((t, i) =>
          JSON.stringify(i === traces.length - 1 ? t : { ...t, memory_snapshot: {} })
        );
        await writeFileAtomic(
          this.dir.path("episodes", key, `${seed}.traces.jsonl.gz`),
          await gzip(lines.join("\n") + "\n"),
        );
        await writeArtifact(
          this.dir.path("episodes", key, `${seed}.json`),
          EpisodeRecordSchema,
          record,
        );
      },
    };
  }
}

/** Gzips a text (traces repeat their prompts and compress about twentyfold). */
export async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Reads a gzipped text file. */
export async function readGzipText(path: string): Promise<string> {
  const bytes = await Deno.readFile(path);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

/** Appends scaffold-run events (`seq` continues across resumes; a torn last line is dropped). */
export class ScaffoldEventLog {
  #path: string;
  #run: string;
  #clock: Clock;
  #seq: number;
  private constructor(path: string, run: string, clock: Clock, seq: number) {
    this.#path = path;
    this.#run = run;
    this.#clock = clock;
    this.#seq = seq;
  }
  /** Opens or creates the log. */
  static async open(path: string, run: string, clock: Clock): Promise<ScaffoldEventLog> {
    let text = (await readTextIfExists(path)) ?? "";
    if (text !== "" && !text.endsWith("\n")) {
      text = text.slice(0, text.lastIndexOf("\n") + 1);
      await writeFileAtomic(path, text);
    }
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    let seq = 0;
    for (const l of lines) {
      try {
        seq = Math.max(seq, Number(JSON.parse(l).seq) || 0);
      } catch { /* a corrupt line is skipped */ }
    }
    return new ScaffoldEventLog(path, run, clock, seq);
  }
  /** Appends one event. */
  async emit(type: string, payload: Record<string, unknown>): Promise<void> {
    this.#seq++;
    const line = JSON.stringify({
      seq: this.#seq,
      at: isoUtc(this.#clock.now()),
      run: this.#run,
      type,
      ...payload,
    });
    await Deno.writeTextFile(this.#path, redactSecretValues(line) + "\n", { append: true });
  }
}
