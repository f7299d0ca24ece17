/**
 * Distributed evaluation from the CLI: `automem worker --queue URL` runs queued units of work on
 * any machine, and `search` / `sweep` with `--queue URL` dispatch to such workers. Workers take
 * model ids and endpoints from each job and keys from their own environment; a queue URL is
 * only ever shown redacted.
 *
 * @module
 */
import type { AutomemConfig } from "../core/config.ts";
import { loadConfig } from "../core/config.ts";
import type { ChatModel, Embedder } from "../core/ports.ts";
import { redactQueueUrl } from "../core/queue_url.ts";
import type { ModelRef, ModelRefs, UnitDone } from "../search/queue/mod.ts";
import type { FlagDef, Flags } from "./args.ts";
import type { CommandDef } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import type { RoleModels } from "./model_deps.ts";
import { queueCa } from "./queue_open.ts";
import { WORKER_WEB_FLAGS } from "./worker_services.ts";

/** The `--queue` flag of `search` and `sweep`. */
export const QUEUE_FLAG: FlagDef = {
  name: "queue",
  type: "string",
  meta: "URL",
  description:
    "run evaluations on workers through Redis (redis://[:PASSWORD@]HOST:PORT, rediss:// for TLS)",
};

type Role = "task" | "judge" | "memory";
const ROLES: readonly Role[] = ["task", "judge", "memory"];

function config(io: CliIo): AutomemConfig {
  return loadConfig({ env: io.env, cwd: io.cwd });
}

/** Model ids and endpoint base URLs of the roles units use (never a key). */
export function modelRefsFor(models: RoleModels, io: CliIo): ModelRefs {
  const c = config(io);
  const ref = (role: Role): ModelRef | null => {
    const m = models[role];
    return m ? { model: m.id, base_url: c.roles[role].endpoint?.baseURL ?? null } : null;
  };
  return { task: ref("task"), judge: ref("judge"), memory: ref("memory") };
}

/** The model clients of a worker, kept for its life. */
type WorkerModels = Awaited<ReturnType<typeof workerModels>>;

/** Chat models for a job's model references, with this machine's keys. */
export async function workerModels(
  io: CliIo,
  opts: { cache?: boolean } = {},
): Promise<(refs: ModelRefs) => Record<Role, ChatModel | undefined>> {
  // Loaded lazily: commands without models never pay for the SDK.
  const { createOpenAIChatModel } = await import("../core/openai_adapter.ts");
  const { cachedModel } = await import("../core/response_cache.ts");
  const { warnOnce } = await import("../core/warn_once.ts");
  const c = config(io);
  const warn = warnOnce((m) => io.stderr(m + "\n"));
  // One client per role and reference for the worker's life: building one is not free, and a
  // worker runs many jobs with the same models.
  const clients = new Map<string, ChatModel>();
  return (refs) => {
    const out = {} as Record<Role, ChatModel | undefined>;
    for (const role of ROLES) {
      const ref = refs[role];
      if (!ref) continue;
      const key = JSON.stringify([role, ref.model, ref.base_url]);
      const known = clients.get(key);
      if (known) {
        out[role] = known;
        continue;
      }
      const endpoint = c.roles[role].endpoint;
      if (!endpoint) {
        throw new UsageError(
          `the job uses model ${ref.model} for role ${role}, but this worker has no API key for it (set the same variables as on the coordinator)`,
        );
      }
      out[role] = cachedModel(
        createOpenAIChatModel({
          baseURL: ref.base_url ?? endpoint.baseURL,
          apiKey: endpoint.apiKey.reveal(),
          model: ref.model,
        }),
        // Protected benchmarks' prompts must not reach the on-disk response cache.
        {
          ...c.cache,
          ...(opts.cache === false ? { mode: "off" as const } : { warn }),
          endpoint: ref.base_url ?? endpoint.baseURL,
        },
      );
      clients.set(key, out[role]!);
    }
    return out;
  };
}

/** Logs which worker ran each unit (the report's "who ran what" comes from the same record). */
export function unitLogger(io: CliIo, quiet: boolean): (d: UnitDone) => void {
  return (d) => {
    if (!quiet) io.stderr(`queue: ${d.label} done on ${d.worker}\n`);
  };
}

/** `automem worker`. */
export const workerCommand: CommandDef = {
  name: "worker",
  usage: "automem worker --queue redis://HOST:PORT [--concurrency N] [--name NAME]",
  summary:
    "Run queued evaluations (search candidates, baseline tasks, sweep architectures, `run` tasks, scaffold episodes) for coordinators started with --queue. Stateless: results go back through Redis; keys come from this machine's environment.",
  flags: [
    { ...QUEUE_FLAG, description: "the Redis the coordinators use (required)" },
    { name: "concurrency", type: "number", default: 1, description: "jobs run at once" },
    { name: "name", type: "string", meta: "NAME", description: "worker name (default host:pid)" },
    {
      name: "stall_ms",
      type: "number",
      default: 30000,
      description: "a job whose worker stops renewing its lock this long runs again elsewhere",
    },
    {
      name: "scratch",
      type: "string",
      meta: "DIR",
      description: "scratch directory for stores (default: a private RAM-backed temp dir)",
    },
    ...WORKER_WEB_FLAGS,
  ],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    if (flags.queue === undefined) throw new UsageError("--queue URL is required");
    const url = String(flags.queue);
    const concurrency = Number(flags.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new UsageError("--concurrency must be a positive integer");
    }
    const { parseQueueUrl } = await import("../core/queue_url.ts");
    try {
      parseQueueUrl(url);
    } catch (e) {
      throw new UsageError(`--queue: ${(e as Error).message}`);
    }
    const name = flags.name ? String(flags.name) : `${Deno.hostname()}:${Deno.pid}`;
    const { startQueueWorker, PermanentJobError } = await import("../core/redis_queue.ts");
    const { runUnit, UnitRefusedError, REFUSED_BY_WORKER } = await import(
      "../search/queue/mod.ts"
    );
    const { workerServices } = await import("./worker_services.ts");
    const web = await workerServices(flags, io);
    const { liveDeps } = await import("./model_deps.ts");
    const embedder: Embedder = liveDeps({ dry_run: true }, io).embedder;
    const modelsFor = await workerModels(io);
    // A unit's stores are thrown away once its result is returned, so they need no disk: in RAM
    // (/dev/shm, else the temp dir) their syncs cost nothing, and two workers on one machine do
    // not queue behind each other's disk writes.
    const { makeRamTempDir } = await import("../core/ram_temp.ts");
    const scratch = flags.scratch ? String(flags.scratch) : await makeRamTempDir("automem-worker-");
    await Deno.mkdir(scratch, { recursive: true });
    const { isRunTaskPayload } = await import("./run_queue.ts");
    const { isScaffoldEpisodePayload } = await import("./scaffold_queue.ts");
    let episodes: Promise<(payload: unknown) => Promise<unknown>> | undefined;
    let runTasks: Promise<RunTaskHandler> | undefined;
    const worker = await startQueueWorker({
      url,
      tlsCa: await queueCa(io),
      timeoutMs: config(io).queueTimeoutMs,
      signal: io.signal,
      workerName: name,
      concurrency,
      stallMs: Number(flags.stall_ms),
      onError: (m) => io.stderr(`worker ${name}: ${m}\n`),
      onJob: (j) =>
        io.stderr(
          `worker ${name}: ${j.ok ? "done" : "failed"} ${j.id} attempt ${j.attempt}${
            j.ms === null ? "" : ` in ${j.ms} ms`
          }${j.error ? `: ${j.error}` : ""}\n`,
        ),
      handler: async (data, info) => {
        io.stderr(`worker ${name}: start ${info.id} attempt ${info.attempt}\n`);
        try {
          // One handler for the worker's life (its toolkits are shared by concurrent jobs).
          if (isRunTaskPayload(data)) {
            return await (await (runTasks ??= runTaskHandler(io, modelsFor))).handle(data);
          }
          if (isScaffoldEpisodePayload(data)) {
            return await (await (episodes ??= scaffoldEpisodeHandler(io, modelsFor)))(data);
          }
          return await runUnit(data, {
            services: web.services,
            embedder,
            modelsFor: (refs) => {
              try {
                return modelsFor(refs);
              } catch (e) {
                throw new UnitRefusedError((e as Error).message);
              }
            },
            scratch,
            signal: io.signal,
            onTask: async (done, total) => {
              await info.progress({ done, total, worker: name });
            },
          });
        } catch (e) {
          if (e instanceof UnitRefusedError) {
            throw new PermanentJobError(`${REFUSED_BY_WORKER} ${name}: ${e.message}`);
          }
          throw e;
        }
      },
    });
    io.stderr(
      `worker ${name}: waiting for jobs on ${redactQueueUrl(url)} (concurrency ${concurrency})\n`,
    );
    await new Promise<void>((resolve) => {
      if (io.signal.aborted) resolve();
      io.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    await worker.close();
    await web.close();
    await (await runTasks?.catch(() => undefined))?.close();
    if (!flags.scratch) await Deno.remove(scratch, { recursive: true }).catch(() => {});
    return EXIT.ok;
  },
};

/** A worker's `automem run` task handler, its web toolkits built once per setting. */
interface RunTaskHandler {
  handle(payload: unknown): Promise<unknown>;
  /** Closes the toolkits the handler built (fixture servers, browsers). */
  close(): Promise<void>;
}

async function runTaskHandler(io: CliIo, cached: WorkerModels): Promise<RunTaskHandler> {
  const { runTaskRunner } = await import("./run_queue.ts");
  const { buildWebToolkit } = await import("./web_toolkit.ts");
  const { webKindOf } = await import("../bench/web_bench/kinds.ts");
  const { PromiseCache } = await import("../core/promise_cache.ts");
  const uncached = await workerModels(io, { cache: false });
  const { web } = config(io);
  const toolkits = new PromiseCache<Awaited<ReturnType<typeof buildWebToolkit>>>();
  const handle = runTaskRunner({
    toolkitFor: (benchmark, opts) =>
      toolkits.get(
        JSON.stringify([benchmark, opts]),
        () => buildWebToolkit(webKindOf(benchmark)!, { io, ...opts }),
      ),
    modelsFor: (refs, cache) => (cache ? cached : uncached)(refs),
    web: { search: web.search.provider, reader: web.reader.kind },
    signal: io.signal,
  });
  return {
    handle,
    close: async () => {
      for (const t of await toolkits.values()) await t.close?.();
    },
  };
}

/** A worker's handler of scaffold episodes, on the worker's model clients. */
async function scaffoldEpisodeHandler(
  io: CliIo,
  modelsFor: WorkerModels,
): Promise<(payload: unknown) => Promise<unknown>> {
  const { scaffoldEpisodeRunner } = await import("./scaffold_queue.ts");
  return scaffoldEpisodeRunner({ modelsFor, signal: io.signal });
}

/** `automem bench queue`: distributed vs in-process sweeps (needs `redis-server` on PATH). */
export async function benchQueue(flags: Flags, io: CliIo): Promise<number> {
  const { redisServerPath } = await import("../search/queue/testing/mod.ts");
  if (!redisServerPath()) throw new UsageError("bench queue needs redis-server on PATH");
  const { runQueueBench, formatQueueBench } = await import("../search/queue/queue_bench.ts");
  const rows: Parameters<typeof formatQueueBench>[0][number][] = [];
  const num = (name: string) => flags[name] === undefined ? undefined : Number(flags[name]);
  const slots = flags.io_slots === undefined
    ? undefined
    : String(flags.io_slots).split(",").map(Number);
  if (slots?.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new UsageError("--io_slots must be a comma-separated list of positive integers");
  }
  const rounds = num("cpu_rounds");
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1)) {
    throw new UsageError("--cpu_rounds must be a positive integer");
  }
  if (flags.io_only && flags.cpu_only) {
    throw new UsageError("--io_only and --cpu_only exclude each other");
  }
  await runQueueBench({
    seed: Number(flags.seed ?? 42),
    cpuRounds: rounds,
    cpuOnly: Boolean(flags.cpu_only),
    ioSlots: slots,
    ioProcesses: num("io_processes"),
    latencyMs: num("latency_ms"),
    ioOnly: Boolean(flags.io_only),
  }, (r) => {
    rows.push(r);
    if (flags.json) io.stdout(JSON.stringify(r) + "\n");
    else io.stderr(`${r.workload} ${r.mode} ${r.layout}: ${r.wall_ms} ms (x${r.speedup})\n`);
  });
  if (!flags.json) io.stdout(formatQueueBench(rows) + "\n");
  return EXIT.ok;
}
