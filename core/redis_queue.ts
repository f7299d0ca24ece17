/**
 * The job queue of distributed evaluations: BullMQ on Redis. This is the only file importing
 * `bullmq` and `ioredis`, so swapping the engine is one file. A coordinator submits jobs under
 * ids it derives itself (re-submitting an id re-attaches to the job instead of duplicating it)
 * and awaits their results; workers anywhere run them. Stalled jobs (a worker killed mid-job)
 * run again on another worker, failed attempts retry with exponential backoff, and a job that
 * vanished from Redis (a restart without persistence) is submitted again.
 *
 * @module
 */
import { type Job, Queue, QueueEvents, UnrecoverableError, Worker } from "npm:bullmq@6.7.0";
import { Redis, type RedisOptions } from "npm:ioredis@6.0.0";
import { AutomemError } from "./automem_error.ts";
import { parseQueueUrl, redactQueueUrl } from "./queue_url.ts";
import {
  closeBounded,
  ConnectionErrors,
  ConnectionWatch,
  DEFAULT_QUEUE_TIMEOUT_MS,
  whenReady,
} from "./queue_connection.ts";
import type { InfrastructureError } from "./infra_fault.ts";

/** The queue distributed evaluations use unless told otherwise. */
export const DEFAULT_QUEUE_NAME = "automem-evals";

/** A job failed for good (attempts used up, or refused by the worker); `message` is its reason. */
export class JobFailedError extends AutomemError {
  /** Builds the error. */
  constructor(readonly jobId: string, reason: string) {
    super("job_failed", reason);
    this.name = "JobFailedError";
  }
}

/** Thrown by a job handler for a failure retrying cannot fix (the job fails at once). */
export class PermanentJobError extends AutomemError {
  /** Builds the error. */
  constructor(message: string) {
    super("job_refused", message);
    this.name = "PermanentJobError";
  }
}

/** ioredis settings for a queue URL (TLS for `rediss://`; BullMQ needs no per-request retry cap). */
export function redisOptionsFor(url: string, extra: { tlsCa?: string } = {}): RedisOptions {
  const t = parseQueueUrl(url);
  return {
    host: t.host,
    port: t.port,
    username: t.username,
    password: t.password,
    db: t.db,
    tls: t.tls ? { servername: t.host, ...(extra.tlsCa ? { ca: extra.tlsCa } : {}) } : undefined,
    maxRetriesPerRequest: null,
    // Reconnect quickly after a Redis restart, backing off to 2 s.
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  };
}

function connect(
  url: string,
  onError: (message: string) => void,
  tlsCa: string | undefined,
  errors: ConnectionErrors,
): Redis {
  const client = new Redis(redisOptionsFor(url, { tlsCa }));
  // ioredis reconnects by itself; an unhandled 'error' event would end the process instead.
  client.on("error", (e: Error) => {
    errors.note(e.message);
    onError(`${redactQueueUrl(url)}: ${e.message}`);
  });
  return client;
}

/** Submission settings of a {@linkcode JobQueue}. */
export interface JobQueueOptions {
  name?: string;
  /** Attempts per job, first run included (default 3). */
  attempts?: number;
  /** First retry delay; doubles per attempt (default 1000 ms). */
  backoffMs?: number;
  /** How often pending jobs are checked besides the event stream (default 1000 ms). */
  pollMs?: number;
  /** Connection trouble (reconnects are automatic). */
  onError?: (message: string) => void;
  /** PEM certificates to trust for `rediss://` besides the system's (a private CA). */
  tlsCa?: string;
  /**
   * How long the queue may be unreachable (default 30 s): connecting longer fails with
   * `QueueUnreachableError`; losing it mid-run longer fails every pending job with an
   * infrastructure fault.
   */
  timeoutMs?: number;
  /** Ends a connection attempt at once (a stop signal). */
  signal?: AbortSignal;
}

/** A finished job's result and the worker that produced it. */
export interface JobResult {
  value: unknown;
  worker: string;
}

/** Queued, running and finished job counts. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/** Notifications about one submitted job. */
export interface SubmitHooks {
  /** A worker took the job (its name, when the worker has one). */
  onActive?: (worker: string | null) => void;
}

interface Pending {
  data: unknown;
  hooks: SubmitHooks;
  resolve: (r: JobResult) => void;
  reject: (e: Error) => void;
  checking: boolean;
  /** A wake-up arrived while a check was running; that check's state may predate it. */
  recheck: boolean;
}

/** The coordinator's side of the queue. */
export class JobQueue {
  #pending = new Map<string, Pending>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #lost: InfrastructureError | null = null;
  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly clients: Redis[],
    private readonly watch: ConnectionWatch,
    private readonly opts: Required<
      Omit<JobQueueOptions, "name" | "tlsCa" | "timeoutMs" | "signal">
    >,
  ) {
    const wake = ({ jobId }: { jobId: string }) => void this.#check(jobId);
    events.on("completed", wake);
    events.on("failed", wake);
    events.on("active", ({ jobId }: { jobId: string }) => {
      const p = this.#pending.get(jobId);
      if (!p?.hooks.onActive) return;
      void this.queue.getJob(jobId).then((j) => p.hooks.onActive?.(j?.processedBy ?? null))
        .catch(() => {});
    });
    this.#timer = setInterval(() => {
      this.#lost ??= this.watch.lost();
      if (this.#lost) {
        for (const id of [...this.#pending.keys()]) this.#settle(id, undefined, this.#lost);
        return;
      }
      for (const id of this.#pending.keys()) void this.#check(id);
    }, this.opts.pollMs);
  }

  /** Connects to the queue at `url` (refuses a bad URL with {@linkcode QueueUrlError}). */
  static async open(url: string, opts: JobQueueOptions = {}): Promise<JobQueue> {
    const onError = opts.onError ?? (() => {});
    const name = opts.name ?? DEFAULT_QUEUE_NAME;
    const errors = new ConnectionErrors();
    const timeoutMs = opts.timeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS;
    const clients = [
      connect(url, onError, opts.tlsCa, errors),
      connect(url, onError, opts.tlsCa, errors),
    ];
    const queue = new Queue(name, { connection: clients[0] });
    const events = new QueueEvents(name, { connection: clients[1] });
    queue.on("error", (e: Error) => onError(e.message));
    events.on("error", (e: Error) => onError(e.message));
    const where = redactQueueUrl(url);
    try {
      await whenReady(
        Promise.all([queue.waitUntilReady(), events.waitUntilReady()]),
        clients,
        { where, timeoutMs, signal: opts.signal, errors },
      );
    } catch (e) {
      void events.close().catch(() => {});
      void queue.close().catch(() => {});
      throw e;
    }
    const watch = new ConnectionWatch(clients, timeoutMs, where, errors);
    return new JobQueue(queue, events, clients, watch, {
      attempts: opts.attempts ?? 3,
      backoffMs: opts.backoffMs ?? 1000,
      pollMs: opts.pollMs ?? 1000,
      onError,
    });
  }

  /**
   * Runs job `id` with `data` and resolves with its result. An id already in the queue (running,
   * done, or waiting) is re-attached to, a permanently failed one is retried; rejects with
   * {@linkcode JobFailedError} when every attempt failed.
   */
  submit(id: string, data: unknown, hooks: SubmitHooks = {}): Promise<JobResult> {
    if (this.#lost) return Promise.reject(this.#lost);
    return new Promise<JobResult>((resolve, reject) => {
      this.#pending.set(id, { data, hooks, resolve, reject, checking: false, recheck: false });
      void this.#start(id, data).catch((e) => this.#settle(id, undefined, e));
    });
  }

  async #start(id: string, data: unknown): Promise<void> {
    const job = await this.queue.getJob(id);
    if (job && (await job.getState()) === "failed") await job.retry("failed");
    else if (!job) await this.#add(id, data);
    await this.#check(id);
  }

  #add(id: string, data: unknown): Promise<Job> {
    return this.queue.add("unit", data, {
      jobId: id,
      attempts: this.opts.attempts,
      backoff: { type: "exponential", delay: this.opts.backoffMs },
      removeOnComplete: { age: 7 * 86_400 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  #settle(id: string, result?: JobResult, error?: Error): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    if (error) p.reject(error);
    else p.resolve(result!);
  }

  async #check(id: string): Promise<void> {
    const p = this.#pending.get(id);
    if (!p) return;
    if (p.checking) {
      // Dropping this wake-up would leave a finished job unnoticed until the next poll.
      p.recheck = true;
      return;
    }
    p.checking = true;
    p.recheck = false;
    try {
      // State first: a job read before its state could predate its result.
      const state = await this.queue.getJobState(id);
      const job = state === "completed" || state === "failed"
        ? await this.queue.getJob(id)
        : undefined;
      if (state === "unknown") {
        // Redis lost it (restart without persistence): submit it again.
        await this.#add(id, p.data);
        return;
      }
      if (!job) return;
      if (state === "completed") {
        const rv = job.returnvalue as { worker?: string; value?: unknown } | null;
        this.#settle(id, { value: rv?.value, worker: String(rv?.worker ?? "?") });
      } else if (state === "failed") {
        this.#settle(id, undefined, new JobFailedError(id, job.failedReason || "job failed"));
      }
    } catch (e) {
      this.opts.onError(`checking job ${id}: ${(e as Error).message}`);
    } finally {
      p.checking = false;
      if (p.recheck) void this.#check(id);
    }
  }

  /** Job counts of the whole queue. */
  async counts(): Promise<QueueCounts> {
    const c = await this.queue.getJobCounts("waiting", "active", "delayed", "completed", "failed");
    return {
      waiting: c.waiting ?? 0,
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      completed: c.completed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  /**
   * Stops waiting (pending submissions stay in the queue) and disconnects; never waits on a
   * Redis that is gone (see `queue_connection.ts`).
   */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await closeBounded(async () => {
      await this.events.close().catch(() => {});
      await this.queue.close().catch(() => {});
    }, this.clients);
  }
}

/** What a job handler learns about its job. */
export interface JobInfo {
  id: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** Reports progress (shown in the queue; also keeps the job's lock fresh). */
  progress(value: Record<string, unknown>): Promise<void>;
}

/** Options of {@linkcode startQueueWorker}. */
export interface QueueWorkerOptions {
  url: string;
  name?: string;
  /** This worker's name in results and status (default `host:pid`). */
  workerName: string;
  concurrency: number;
  /** A job whose worker stops renewing its lock for this long is stalled and runs again. */
  stallMs?: number;
  handler: (data: unknown, info: JobInfo) => Promise<unknown>;
  onError?: (message: string) => void;
  /** Each finished or failed job (for the worker's log). */
  /** PEM certificates to trust for `rediss://` besides the system's (a private CA). */
  tlsCa?: string;
  /** How long connecting may take (default 30 s) before `QueueUnreachableError`. */
  timeoutMs?: number;
  /** Ends a connection attempt at once (a stop signal). */
  signal?: AbortSignal;
  onJob?: (
    e: { id: string; ok: boolean; error?: string; attempt: number; ms: number | null },
  ) => void;
}

/** A running worker. */
export interface QueueWorkerHandle {
  close(): Promise<void>;
}

/** How long the job's last attempt ran (null when BullMQ did not record it). */
function runMs(job: Job): number | null {
  return job.processedOn && job.finishedOn ? job.finishedOn - job.processedOn : null;
}

/** Starts a worker taking jobs from the queue at `opts.url` until closed. */
export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorkerHandle> {
  const onError = opts.onError ?? (() => {});
  const errors = new ConnectionErrors();
  const client = connect(opts.url, onError, opts.tlsCa, errors);
  const stallMs = opts.stallMs ?? 30_000;
  const worker = new Worker(
    opts.name ?? DEFAULT_QUEUE_NAME,
    async (job: Job) => {
      const info: JobInfo = {
        id: String(job.id),
        attempt: job.attemptsMade + 1,
        progress: (value) => job.updateProgress(value),
      };
      try {
        const value = await opts.handler(job.data, info);
        return { worker: opts.workerName, value };
      } catch (e) {
        if (e instanceof PermanentJobError) throw new UnrecoverableError(e.message);
        throw e;
      }
    },
    {
      connection: client,
      concurrency: opts.concurrency,
      lockDuration: stallMs,
      stalledInterval: Math.max(500, Math.floor(stallMs / 2)),
      maxStalledCount: 3,
      name: opts.workerName,
    },
  );
  worker.on("error", (e: Error) => onError(e.message));
  worker.on(
    "completed",
    (job: Job) =>
      opts.onJob?.({ id: String(job.id), ok: true, attempt: job.attemptsMade, ms: runMs(job) }),
  );
  worker.on(
    "failed",
    (job: Job | undefined, e: Error) =>
      job &&
      opts.onJob?.({
        id: String(job.id),
        ok: false,
        error: e.message,
        attempt: job.attemptsMade,
        ms: runMs(job),
      }),
  );
  try {
    await whenReady(worker.waitUntilReady(), [client], {
      where: redactQueueUrl(opts.url),
      timeoutMs: opts.timeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
      signal: opts.signal,
      errors,
    });
  } catch (e) {
    void worker.close(true).catch(() => {});
    throw e;
  }
  return {
    close: () => closeBounded(() => worker.close(), [client]),
  };
}
