/**
 * The run's event stream, `<run_dir>/events.jsonl`: one JSON object per line, a typed
 * discriminated union on `type`, with a `seq` that increases by one across resumes and an `at`
 * timestamp from the run's Clock. The progress display and the status server read only this
 * stream and the artifacts. Event times are wall-clock data and never enter compared artifacts.
 *
 * @module
 */
import { redactUrlsDeep } from "../core/redact_url.ts";
import { z } from "../core/zod.ts";
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { MetricsSchema } from "./common_schemas.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { fsPort } from "../core/fs_port.ts";

const base = {
  seq: z.number().int().min(1),
  at: z.string(),
  run: z.string(),
  /** The run's monotonic elapsed time across invocations when the event was written (ms). */
  elapsed_ms: z.number().min(0).optional(),
};
const stage = z.enum(["baseline", "warmup", "round", "runoff", "final_test"]);
/** The protocol's stages, in run order, as events name them. */
export const RUN_STAGES: readonly z.infer<typeof stage>[] = stage.options;
const usage = z.object({ tokens: z.number(), cost_usd: z.number() });

/** Every event type, with its payload. */
export const RunEventSchema = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("run_started"),
    resumed: z.boolean(),
    run_dir: z.string(),
    benchmark: z.string(),
    proposer: z.string(),
    dry_run: z.boolean(),
    synthetic: z.boolean(),
    max_rounds: z.number().int(),
    num_candidates: z.number().int(),
    split: z.object({
      warmup: z.number().int(),
      search: z.number().int(),
      validation: z.number().int(),
      test: z.number().int(),
    }),
  }),
  z.object({
    ...base,
    type: z.literal("phase_started"),
    phase: stage,
    n_tasks: z.number().int(),
  }),
  z.object({
    ...base,
    type: z.literal("phase_finished"),
    phase: stage,
    n_tasks: z.number().int(),
    score: z.number().nullable(),
    reused: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal("round_started"),
    round: z.number().int(),
    fold: z.number().int(),
    n_tasks: z.number().int(),
  }),
  z.object({
    ...base,
    type: z.literal("proposals_ready"),
    round: z.number().int(),
    proposer: z.string(),
    attempts: z.number().int(),
    topped_up: z.number().int(),
    candidates: z.array(z.object({
      candidate: z.number().int(),
      config_id: z.string(),
      label: z.string(),
      fingerprint: z.string(),
      source: z.string(),
      diversity_role: z.string(),
    })),
  }),
  z.object({
    ...base,
    type: z.literal("candidate_started"),
    stage,
    round: z.number().int().nullable(),
    candidate: z.number().int(),
    config_id: z.string(),
    label: z.string(),
    fingerprint: z.string(),
    n_tasks: z.number().int(),
  }),
  z.object({
    ...base,
    type: z.literal("task_finished"),
    stage,
    round: z.number().int().nullable(),
    candidate: z.number().int().nullable(),
    config_id: z.string().nullable(),
    task_id: z.string(),
    /** 1-based position of the task within this candidate's (or stage's) task list. */
    index: z.number().int(),
    n_tasks: z.number().int(),
    score: z.number(),
    success: z.boolean(),
    tokens: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal("candidate_finished"),
    stage,
    round: z.number().int().nullable(),
    candidate: z.number().int(),
    config_id: z.string(),
    label: z.string(),
    status: z.enum(["ok", "failed", "reused"]),
    error: z.string().nullable(),
    metrics: MetricsSchema.nullable(),
  }),
  z.object({
    ...base,
    type: z.literal("diagnosis_ready"),
    round: z.number().int(),
    candidate: z.number().int(),
    config_id: z.string(),
    primary_signal: z.string(),
    confidence: z.string(),
    recommended_action: z.string(),
    out_of_scope_for_memory: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal("champion_changed"),
    round: z.number().int(),
    from: z.string().nullable(),
    to: z.string(),
    label: z.string(),
    mode: z.string(),
    p_value: z.number().nullable(),
  }),
  z.object({
    ...base,
    type: z.literal("round_finished"),
    round: z.number().int(),
    best_score: z.number(),
    mean_score: z.number(),
    best_lift: z.number(),
    champion: z.string().nullable(),
    front_size: z.number().int(),
    merged: z.string().nullable(),
    evaluations: z.number().int(),
    usage,
  }),
  z.object({
    ...base,
    type: z.literal("run_finished"),
    status: z.enum(["finished", "interrupted"]),
    stop_reason: z.string().nullable(),
    winner: z.object({ config_id: z.string(), label: z.string(), fingerprint: z.string() })
      .nullable(),
    rounds: z.number().int(),
    evaluations: z.number().int(),
    usage,
    wall_ms: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal("run_failed"),
    error: z.string(),
    wall_ms: z.number(),
  }),
  /** A unit of work on the job queue (`--queue`): queued, picked up by a worker, done or failed. */
  z.object({
    ...base,
    type: z.literal("unit_dispatch"),
    state: z.enum(["queued", "active", "done", "failed"]),
    job_id: z.string(),
    kind: z.string(),
    /** `r3c1`, `warmup`, `baseline:<task>`… */
    label: z.string(),
    worker: z.string().nullable(),
    /** The queue, its URL redacted. */
    queue: z.string(),
  }),
]);

/** One event as stored. */
export type RunEvent = z.infer<typeof RunEventSchema>;
/** One event type name. */
export type RunEventType = RunEvent["type"];
/** What a caller emits: an event without the fields the log assigns. */
export type EventInput = RunEvent extends infer E
  ? E extends RunEvent ? Omit<E, "seq" | "at" | "run" | "elapsed_ms"> : never
  : never;

/** Reads the events of a run, skipping a torn or corrupt line; `afterSeq` filters older ones. */
export async function readEvents(path: string, afterSeq = 0): Promise<RunEvent[]> {
  const text = await readTextIfExists(path);
  return text === undefined ? [] : parseEventLines(text).filter((e) => e.seq > afterSeq);
}

/** Parses JSONL text into events; a line that does not parse or validate is skipped. */
export function parseEventLines(text: string): RunEvent[] {
  const out: RunEvent[] = [];
  const lines = text.split("\n");
  // Without a trailing newline the last line may be half-written by a killed writer.
  if (!text.endsWith("\n")) lines.pop();
  for (const line of lines) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = RunEventSchema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/**
 * Appends events to `events.jsonl`. Opening truncates a torn last line left by a killed
 * writer, so appended events always start on a fresh line; `seq` continues from the last event.
 */
export class EventLog {
  readonly #path: string;
  readonly #run: string;
  readonly #clock: Clock;
  readonly #listener?: (event: RunEvent) => void;
  readonly #elapsed?: () => number;
  #seq: number;
  #chain: Promise<void> = Promise.resolve();
  #failed: unknown = undefined;

  private constructor(
    path: string,
    run: string,
    clock: Clock,
    seq: number,
    listener?: (e: RunEvent) => void,
    elapsed?: () => number,
  ) {
    this.#path = path;
    this.#run = run;
    this.#clock = clock;
    this.#seq = seq;
    this.#listener = listener;
    this.#elapsed = elapsed;
  }

  /**
   * Opens (or creates) the log at `path`. With `elapsedMs`, every event records the run's
   * monotonic elapsed time, which a resumed run continues from (see `priorWallMs`).
   */
  static async open(
    path: string,
    opts: {
      run: string;
      clock: Clock;
      onEvent?: (event: RunEvent) => void;
      elapsedMs?: () => number;
    },
  ): Promise<EventLog> {
    let text = "";
    try {
      text = await Deno.readTextFile(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    if (text !== "" && !text.endsWith("\n")) {
      const keep = text.slice(0, text.lastIndexOf("\n") + 1);
      await Deno.truncate(path, new TextEncoder().encode(keep).length);
      text = keep;
    }
    const events = parseEventLines(text);
    const last = events.length ? events[events.length - 1].seq : 0;
    return new EventLog(path, opts.run, opts.clock, last, opts.onEvent, opts.elapsedMs);
  }

  /** The seq of the last event written. */
  get lastSeq(): number {
    return this.#seq;
  }

  /** Validates, numbers, timestamps and appends one event; resolves once it is on disk. */
  emit(input: EventInput): Promise<RunEvent> {
    // A log that failed to append once has lost an event: every later emit fails with the same
    // fault (even when the first was swallowed by a caller), so the run stops instead of going on
    // with a gap in its stream.
    if (this.#failed !== undefined) return Promise.reject(this.#failed);
    const event = redactUrlsDeep(RunEventSchema.parse({
      ...input,
      seq: this.#seq + 1,
      at: isoUtc(this.#clock.now()),
      run: this.#run,
      ...(this.#elapsed ? { elapsed_ms: Math.round(this.#elapsed()) } : {}),
    }));
    this.#seq = event.seq;
    const line = JSON.stringify(event) + "\n";
    const bytes = new TextEncoder().encode(line);
    const write = this.#chain.then(() =>
      this.#failed === undefined
        ? fsPort().appendFile(this.#path, bytes)
        : Promise.reject(this.#failed)
    );
    this.#chain = write.catch((error) => {
      this.#failed ??= error;
    });
    return write.then(() => {
      // A failing display must not fail the search; the event is already on disk.
      try {
        this.#listener?.(event);
      } catch {
        // ignored on purpose
      }
      return event;
    });
  }

  /** Resolves when every emitted event is written. */
  async flush(): Promise<void> {
    await this.#chain;
  }
}
