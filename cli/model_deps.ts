/**
 * Turns the resolved configuration into live ports: one chat model per configured role (OpenAI-
 * compatible adapter behind the response cache) and the embedder. Roles without an endpoint stay
 * absent, which every library function treats as "offline".
 *
 * @module
 */
import { cachedEmbedder } from "../core/cached_embedder.ts";
import type { AutomemConfig, ModelFlags, RoleConfig } from "../core/config.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { WordVectorEmbedder } from "../core/word_vector_embedder.ts";
import { createOpenAIChatModel, createOpenAIEmbedder } from "../core/openai_adapter.ts";
import type { ChatModel, Embedder } from "../core/ports.ts";
import type { PriceTable } from "../core/usage.ts";
import type { Flags } from "./args.ts";
import type { CliIo } from "./io.ts";
import { loadConfig } from "../core/config.ts";
import { cachedModel } from "../core/response_cache.ts";
import { type Warn, warnOnce } from "../core/warn_once.ts";
import { webKindOf } from "../bench/web_bench/kinds.ts";

/** Chat models by role; a missing role is offline. */
export interface RoleModels {
  task?: ChatModel;
  search?: ChatModel;
  diagnosis?: ChatModel;
  judge?: ChatModel;
  memory?: ChatModel;
}

const toStderr: Warn = (message) => console.error(message);

function chatFor(role: RoleConfig, config: AutomemConfig, warn: Warn): ChatModel | undefined {
  if (!role.endpoint) return undefined;
  const inner = createOpenAIChatModel({
    baseURL: role.endpoint.baseURL,
    apiKey: role.endpoint.apiKey.reveal(),
    model: role.model,
    maxRetries: config.maxRetries,
  });
  return cachedModel(inner, { ...config.cache, endpoint: role.endpoint.baseURL, warn });
}

/**
 * Builds the chat models of every configured role; a reply cache that cannot be written is
 * reported once through `warn` (stderr by default) and the calls go on uncached.
 */
export function buildModels(config: AutomemConfig, warn: Warn = toStderr): RoleModels {
  const r = config.roles;
  const once = warnOnce(warn);
  return {
    task: chatFor(r.task, config, once),
    search: chatFor(r.search, config, once),
    diagnosis: chatFor(r.diagnosis, config, once),
    judge: chatFor(r.judge, config, once),
    memory: chatFor(r.memory, config, once),
  };
}

/**
 * Builds the embedder: the configured OpenAI-compatible one, the offline hashing embedder when
 * `AUTOMEM_EMBEDDER=hash`, else the offline word-vector embedder (the default).
 */
export function buildEmbedder(config: AutomemConfig): Embedder {
  const e = config.roles.embedding;
  if (config.embedder === "openai" && e.endpoint) {
    return cachedEmbedder(
      createOpenAIEmbedder({
        baseURL: e.endpoint.baseURL,
        apiKey: e.endpoint.apiKey.reveal(),
        model: e.model,
        dim: config.embeddingDim ?? undefined,
        maxRetries: config.maxRetries,
      }),
    );
  }
  return config.embedder === "hash" ? new HashEmbedder(384) : new WordVectorEmbedder();
}

/** One line per role saying which model (or offline) it uses; never shows a key. */
export function describeRoles(models: RoleModels): string {
  return (Object.keys(models) as (keyof RoleModels)[])
    .map((k) => `${k}=${models[k]?.id ?? "offline"}`).join(" ");
}

/** Models, embedder and prices a search or sweep runs with. */
export interface LiveDeps {
  models: RoleModels;
  embedder: Embedder;
  prices: PriceTable;
  /** The configuration they were built from (for the pre-flight check). */
  config: AutomemConfig;
}

/** The roles of `models` that are live (have a model), for the pre-flight check. */
export function liveRoles(models: RoleModels): (keyof RoleModels)[] {
  return (Object.keys(models) as (keyof RoleModels)[]).filter((k) => models[k] !== undefined);
}

/**
 * The model ids a command's flags name (`--model`, `--search_model`, `--diagnosis_model`,
 * `--judge_model`, `--memory_model`), as configuration overrides; flags a command does not
 * define stay undefined.
 */
export function modelFlags(flags: Flags): ModelFlags {
  const id = (name: string) => flags[name] as string | undefined;
  return {
    model: id("model"),
    searchModel: id("search_model"),
    diagnosisModel: id("diagnosis_model"),
    judgeModel: id("judge_model"),
    memoryModel: id("memory_model"),
  };
}

/** Resolves the configuration (flags over environment) into live ports; dry runs use no models. */
export function liveDeps(flags: Flags, io: CliIo): LiveDeps {
  const config = loadConfig({
    env: io.env,
    cwd: io.cwd,
    flags: modelFlags(flags),
  });
  // A protected benchmark's prompts (decrypted task text) must not land in the on-disk cache.
  const safe = webKindOf(String(flags.benchmark ?? ""))?.protected
    ? { ...config, cache: { ...config.cache, mode: "off" as const } }
    : config;
  return {
    models: flags.dry_run ? {} : buildModels(safe, (m) => io.stderr(m + "\n")),
    embedder: buildEmbedder(config),
    prices: config.prices,
    config,
  };
}
