/**
 * Configuration: the only module that reads the environment. It resolves an endpoint and model
 * per role, the embedder, cache, price table and status token, and keeps API keys inside
 * {@linkcode Secret} values so that logs, JSON and error messages cannot leak them.
 *
 * Offline is the default: with no variables at all every role has a null endpoint.
 *
 * @module
 */
import { isAbsolute, join } from "node:path";
import { z } from "./zod.ts";
import { parseDotenv } from "./dotenv.ts";
import {
  ConfigError,
  EndpointSchema,
  type Env,
  envValue,
  genericEndpoint,
  roleEndpoint,
  Secret,
} from "./endpoints.ts";
import type { ModelRole } from "./ports.ts";
import { redactUrlsIn } from "./redact_url.ts";
import { PriceTableSchema } from "./usage.ts";
import { describeWeb, resolveWebConfig, WebConfigSchema, webSecrets } from "./web_config.ts";

export { ConfigError, type Endpoint, EndpointSchema, Secret } from "./endpoints.ts";

/** One role's model id and endpoint; a null endpoint means the role is offline. */
export const RoleConfigSchema = z.object({
  model: z.string().min(1),
  endpoint: EndpointSchema.nullable(),
});
/** One role's settings (see {@linkcode RoleConfigSchema}). */
export type RoleConfig = z.infer<typeof RoleConfigSchema>;

/** The whole resolved configuration. */
export const AutomemConfigSchema = z.object({
  roles: z.object({
    task: RoleConfigSchema,
    search: RoleConfigSchema,
    diagnosis: RoleConfigSchema,
    judge: RoleConfigSchema,
    memory: RoleConfigSchema,
    embedding: RoleConfigSchema,
  }),
  /** `wordvec` (offline default, semantic), `hash` (offline, lexical) or `openai` (remote). */
  embedder: z.enum(["wordvec", "hash", "openai"]),
  /** Vector length of the OpenAI embedder; null means its default (1536). */
  embeddingDim: z.number().int().positive().nullable(),
  /** Retries of a failing model or embedding call before it is an infrastructure fault. */
  maxRetries: z.number().int().min(0).max(10),
  cache: z.object({ dir: z.string(), mode: z.enum(["off", "readwrite", "freeze"]) }),
  prices: PriceTableSchema,
  pricesPath: z.string().nullable(),
  statusToken: z.instanceof(Secret).nullable(),
  /** The `.env` file that was read, if any. */
  dotenvPath: z.string().nullable(),
  /** The research agent's web search provider, web cache and page reader. */
  web: WebConfigSchema,
  /** `AUTOMEM_QUEUE_CA_FILE`: PEM certificates a `rediss://` queue may be signed by. */
  queueCaFile: z.string().nullable(),
  /**
   * `AUTOMEM_QUEUE_TIMEOUT` (seconds, default 30): how long a queue may stay unreachable, at
   * start or mid-run, before the command gives up with exit 1.
   */
  queueTimeoutMs: z.number().positive(),
});
/** The resolved configuration (see {@linkcode AutomemConfigSchema}). */
export type AutomemConfig = z.infer<typeof AutomemConfigSchema>;

/** Model ids given on the command line; they win over the environment. */
export interface ModelFlags {
  /** `--model`: the task agent (and memory, unless set separately). */
  model?: string;
  /** `--search_model`: the proposer. */
  searchModel?: string;
  /** `--diagnosis_model`. */
  diagnosisModel?: string;
  /** `--judge_model`. */
  judgeModel?: string;
  /** The memory role's model (extraction, planner, composer, management ops); `--memory_model`. */
  memoryModel?: string;
  /** The embedding model; no CLI flag (the CLI reads `EMBEDDING_MODEL`). */
  embeddingModel?: string;
}

/** Inputs of {@linkcode loadConfig}; everything defaults to the real process. */
export interface LoadConfigOptions {
  /** Variables to use instead of the process environment. */
  env?: Record<string, string | undefined>;
  /** Directory holding the optional `.env` and against which relative paths resolve. */
  cwd?: string;
  /** Model ids from the command line. */
  flags?: ModelFlags;
}

/** Built-in model ids used when neither a flag nor a variable names one. */
export const DEFAULT_CHAT_MODEL = "gpt-5";
/** Built-in embedding model id. */
export const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";

function processEnv(): Env {
  try {
    return Deno.env.toObject();
  } catch {
    // Without --allow-env the process environment is simply unavailable: run offline.
    return {};
  }
}

function readDotenv(cwd: string): { path: string; values: Env } | undefined {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new ConfigError(`cannot read ${path}: ${(error as Error).name}`, { cause: error });
  }
  try {
    return { path, values: parseDotenv(text) };
  } catch (error) {
    throw new ConfigError(`${path}: ${(error as Error).message}`, { cause: error });
  }
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = envValue(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function loadPrices(path: string | undefined, cwd: string) {
  if (!path) return { prices: {}, pricesPath: null };
  const full = isAbsolute(path) ? path : join(cwd, path);
  let json: unknown;
  try {
    json = JSON.parse(Deno.readTextFileSync(full));
  } catch (error) {
    throw new ConfigError(
      `AUTOMEM_PRICES: cannot read JSON from ${full}: ${(error as Error).name}`,
      { cause: error },
    );
  }
  const parsed = PriceTableSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(
      `AUTOMEM_PRICES: ${full} is not a price table: ${z.prettifyError(parsed.error)}`,
    );
  }
  return { prices: parsed.data, pricesPath: full };
}

/** The environment with `<cwd>/.env` underneath (a set variable always wins over `.env`). */
function mergedEnv(options: LoadConfigOptions): { env: Env; dotenv?: { path: string } } {
  const dotenv = readDotenv(options.cwd ?? Deno.cwd());
  const real = options.env ?? processEnv();
  const env: Env = { ...dotenv?.values };
  for (const [name, value] of Object.entries(real)) if (value !== undefined) env[name] = value;
  return { env, dotenv };
}

/**
 * The search model the user named: `--search_model`, else `SEARCH_MODEL` (environment or `.env`);
 * undefined when neither is set (the built-in default does not count). A named search model makes
 * the LLM proposer the default, whichever of the two ways it was named.
 */
export function namedSearchModel(options: LoadConfigOptions = {}): string | undefined {
  const flag = options.flags?.searchModel?.trim();
  return flag ? flag : envValue(mergedEnv(options).env, "SEARCH_MODEL");
}

/**
 * Resolves the configuration from flags, the environment and `<cwd>/.env` (which never
 * overrides a variable that is set in the environment). Throws {@linkcode ConfigError}.
 *
 * Per role (TASK, SEARCH, DIAGNOSIS, JUDGE, MEMORY, EMBEDDING): `<ROLE>_API_KEY` and
 * `<ROLE>_API_BASE` as a pair, else the generic `OPENAI_API_KEY`, else offline. MEMORY without
 * its own pair uses TASK's endpoint and model. Model ids: flag, then `<ROLE>_MODEL`, then
 * `DEFAULT_MODEL` (JUDGE also reads `DEFAULT_JUDGE_MODEL`; EMBEDDING only its own), then
 * {@linkcode DEFAULT_CHAT_MODEL} / {@linkcode DEFAULT_EMBEDDING_MODEL}.
 */
export function loadConfig(options: LoadConfigOptions = {}): AutomemConfig {
  const cwd = options.cwd ?? Deno.cwd();
  const { env, dotenv } = mergedEnv(options);
  const flags = options.flags ?? {};
  const flag = (value: string | undefined) => value?.trim() ? value.trim() : undefined;

  const generic = genericEndpoint(env);
  const endpoint = (prefix: string) => roleEndpoint(env, prefix) ?? generic;
  const chatModel = (flagValue: string | undefined, ...vars: string[]) =>
    flag(flagValue) ?? vars.map((v) => envValue(env, v)).find((v) => v !== undefined) ??
      DEFAULT_CHAT_MODEL;

  const task = {
    model: chatModel(flags.model, "TASK_MODEL", "DEFAULT_MODEL"),
    endpoint: endpoint("TASK"),
  };
  const roles: Record<ModelRole, RoleConfig> = {
    task,
    search: {
      model: chatModel(flags.searchModel, "SEARCH_MODEL", "DEFAULT_MODEL"),
      endpoint: endpoint("SEARCH"),
    },
    diagnosis: {
      model: chatModel(flags.diagnosisModel, "DIAGNOSIS_MODEL", "DEFAULT_MODEL"),
      endpoint: endpoint("DIAGNOSIS"),
    },
    judge: {
      model: chatModel(flags.judgeModel, "JUDGE_MODEL", "DEFAULT_JUDGE_MODEL", "DEFAULT_MODEL"),
      endpoint: endpoint("JUDGE"),
    },
    memory: {
      model: flag(flags.memoryModel) ?? envValue(env, "MEMORY_MODEL") ?? task.model,
      endpoint: roleEndpoint(env, "MEMORY") ?? task.endpoint,
    },
    embedding: {
      model: flag(flags.embeddingModel) ?? envValue(env, "EMBEDDING_MODEL") ??
        DEFAULT_EMBEDDING_MODEL,
      endpoint: endpoint("EMBEDDING"),
    },
  };

  const embedder = oneOf(
    env,
    "AUTOMEM_EMBEDDER",
    ["wordvec", "hash", "openai"] as const,
    "wordvec",
  );
  if (embedder === "openai" && roles.embedding.endpoint === null) {
    throw new ConfigError(
      "AUTOMEM_EMBEDDER=openai needs EMBEDDING_API_KEY and EMBEDDING_API_BASE, or OPENAI_API_KEY",
    );
  }
  const dimText = envValue(env, "EMBEDDING_DIM");
  const embeddingDim = dimText === undefined ? null : Number(dimText);
  if (embeddingDim !== null && !(Number.isInteger(embeddingDim) && embeddingDim > 0)) {
    throw new ConfigError("EMBEDDING_DIM must be a positive integer");
  }
  const retriesText = envValue(env, "AUTOMEM_MAX_RETRIES") ?? "4";
  if (!/^\d+$/.test(retriesText) || Number(retriesText) > 10) {
    throw new ConfigError("AUTOMEM_MAX_RETRIES must be an integer in 0..10");
  }
  const cacheDir = envValue(env, "AUTOMEM_CACHE_DIR") ?? join(".automem", "cache");
  const statusToken = envValue(env, "AUTOMEM_STATUS_TOKEN");
  const queueCa = envValue(env, "AUTOMEM_QUEUE_CA_FILE");
  const queueTimeout = envValue(env, "AUTOMEM_QUEUE_TIMEOUT") ?? "30";
  if (!/^\d+(\.\d+)?$/.test(queueTimeout) || !(Number(queueTimeout) > 0)) {
    throw new ConfigError("AUTOMEM_QUEUE_TIMEOUT must be a positive number of seconds");
  }
  const cacheMode = oneOf(
    env,
    "AUTOMEM_CACHE_MODE",
    ["off", "readwrite", "freeze"] as const,
    "readwrite",
  );

  return AutomemConfigSchema.parse({
    roles,
    embedder,
    embeddingDim,
    maxRetries: Number(retriesText),
    cache: {
      dir: isAbsolute(cacheDir) ? cacheDir : join(cwd, cacheDir),
      mode: cacheMode,
    },
    ...loadPrices(envValue(env, "AUTOMEM_PRICES"), cwd),
    statusToken: statusToken ? new Secret(statusToken) : null,
    dotenvPath: dotenv?.path ?? null,
    web: resolveWebConfig(env, cacheMode),
    queueCaFile: queueCa === undefined ? null : isAbsolute(queueCa) ? queueCa : join(cwd, queueCa),
    queueTimeoutMs: Number(queueTimeout) * 1000,
  });
}

/** Every secret in `config`: role API keys and the status token. */
function secretsOf(config: AutomemConfig): string[] {
  const values = Object.values(config.roles).flatMap((r) => r.endpoint ? [r.endpoint.apiKey] : []);
  if (config.statusToken) values.push(config.statusToken);
  values.push(...webSecrets(config.web));
  return [...new Set(values.map((s) => s.reveal()))];
}

/**
 * `text` with every configured secret replaced by `***` and URL userinfo and query values removed. Secrets shorter than 4 characters are
 * left alone: replacing them would mangle ordinary text and they protect nothing.
 */
export function redact(text: string, config: AutomemConfig): string {
  const secrets = secretsOf(config).filter((s) => s.length >= 4).sort((a, b) =>
    b.length - a.length
  );
  return redactUrlsIn(secrets.reduce((out, secret) => out.split(secret).join("***"), text));
}

/** A human-readable summary (one line per setting) that never contains a secret. */
export function describeConfig(config: AutomemConfig): string {
  const lines = Object.entries(config.roles).map(([role, r]) => {
    const where = r.endpoint ? `${r.endpoint.baseURL} (key from ${r.endpoint.keyVar})` : "offline";
    return `${role.padEnd(10)} ${r.model} @ ${where}`;
  });
  const dim = config.embeddingDim ?? 1536;
  lines.push(
    `${"embedder".padEnd(10)} ${
      config.embedder === "openai"
        ? `openai ${config.roles.embedding.model} (${dim}-d)`
        : config.embedder === "hash"
        ? "hash-384 (offline, lexical)"
        : "wordvec-sg100-v1 (offline, 100-d word vectors)"
    }`,
    `${"cache".padEnd(10)} ${config.cache.mode} at ${config.cache.dir}`,
    `${"prices".padEnd(10)} ${
      config.pricesPath
        ? `${Object.keys(config.prices).length} models from ${config.pricesPath}`
        : "none (cost 0)"
    }`,
    `${"status".padEnd(10)} ${config.statusToken ? "token set" : "no token"}`,
    `${".env".padEnd(10)} ${config.dotenvPath ?? "none"}`,
    `${"web".padEnd(10)} ${describeWeb(config.web)}`,
  );
  return redact(lines.join("\n"), config);
}
