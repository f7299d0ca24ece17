/**
 * The usage ledger: one record per model call (tokens, latency, cost, scope), so budgets, reports
 * and resumed runs all read the same numbers.
 *
 * @module
 */
import { z } from "./zod.ts";
import { systemClock } from "./clock.ts";
import type { ChatModel, ChatRequest, ChatResult, Clock, ModelRole } from "./ports.ts";

/** Token estimate used wherever an endpoint reports no usage: one token per four characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Price table, keyed by model id; prices are USD per 1000 tokens. */
export const PriceTableSchema = z.record(
  z.string(),
  z.object({
    prompt_per_1k: z.number().nonnegative(),
    completion_per_1k: z.number().nonnegative(),
  }).strict(),
);
/** Prices per model id (see {@linkcode PriceTableSchema}). */
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** Where a call belongs: run, candidate architecture and task. */
export const UsageScopeSchema = z.object({
  run: z.string().optional(),
  candidate: z.string().optional(),
  task: z.string().optional(),
}).strict();
/** Scope tags of a usage record. */
export type UsageScope = z.infer<typeof UsageScopeSchema>;

const ROLES = ["task", "search", "diagnosis", "judge", "memory", "embedding"] as const;

/** One recorded model call. */
export const UsageRecordSchema = z.object({
  role: z.enum(ROLES),
  model: z.string(),
  purpose: z.string(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  latencyMs: z.number().nonnegative(),
  cached: z.boolean(),
  costUsd: z.number().nonnegative(),
  scope: UsageScopeSchema,
}).strict();
/** One recorded model call (see {@linkcode UsageRecordSchema}). */
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

/** Sums over a set of records. */
export interface UsageTotals {
  /** Number of recorded calls. */
  calls: number;
  /** Sum of prompt tokens. */
  promptTokens: number;
  /** Sum of completion tokens. */
  completionTokens: number;
  /** Sum of priced cost in USD. */
  costUsd: number;
}

/** Which records {@linkcode UsageLedger.totals} sums; unset fields match everything. */
export interface UsageFilter extends UsageScope {
  /** Only calls made for this role. */
  role?: ModelRole;
  /** `false` sums only calls that reached an endpoint, i.e. money actually spent. */
  cached?: boolean;
}

/** Price of `promptTokens` + `completionTokens` on `model`; unknown models cost 0. */
export function priceOf(
  prices: PriceTable,
  model: string,
  promptTokens: number,
  completionTokens: number,
): number {
  // Dated snapshots (`gpt-4o-2024-08-06`) fall back to the longest priced prefix (`gpt-4o`).
  let price = prices[model];
  if (price === undefined) {
    const prefix = Object.keys(prices).filter((k) => model.startsWith(k))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix !== undefined) price = prices[prefix];
  }
  if (price === undefined) return 0;
  return (promptTokens * price.prompt_per_1k + completionTokens * price.completion_per_1k) / 1000;
}

interface Shared {
  records: UsageRecord[];
  prices: PriceTable;
  clock: Clock;
}

/**
 * Records every model call. `withScope` returns a view over the same records that tags new
 * records with its scope and restricts `records`/`totals`/`byRole` to that scope.
 *
 * Cost is priced for cached calls too, so a replay from the cache accounts exactly like the
 * original run; filter with `cached: false` for real spend.
 */
export class UsageLedger {
  #shared: Shared;
  #scope: Readonly<UsageScope> = Object.freeze({});

  /** A new empty ledger; `clock` times calls made through {@linkcode meteredModel}. */
  constructor(opts: { prices?: PriceTable; clock?: Clock } = {}) {
    this.#shared = {
      records: [],
      prices: PriceTableSchema.parse(opts.prices ?? {}),
      clock: opts.clock ?? systemClock,
    };
  }

  /** Restores a ledger from {@linkcode UsageLedger.toJSON} output (for resumed runs). */
  static fromJSON(json: unknown, opts: { prices?: PriceTable; clock?: Clock } = {}): UsageLedger {
    const ledger = new UsageLedger(opts);
    ledger.#shared.records.push(...z.array(UsageRecordSchema).parse(json));
    return ledger;
  }

  /** The scope this view tags records with and filters by (`{}` for the root ledger). */
  get scope(): Readonly<UsageScope> {
    return this.#scope;
  }

  /** The clock shared by this ledger and its views. */
  get clock(): Clock {
    return this.#shared.clock;
  }

  /** A view sharing these records whose scope is this scope overlaid with `scope`. */
  withScope(scope: UsageScope): UsageLedger {
    const view = new UsageLedger();
    view.#shared = this.#shared;
    view.#scope = Object.freeze(UsageScopeSchema.parse({ ...this.#scope, ...defined(scope) }));
    return view;
  }

  /** Adds one call, tagged with this view's scope; `costUsd` is priced when omitted. */
  record(
    entry: Omit<UsageRecord, "costUsd" | "scope"> & { costUsd?: number; scope?: UsageScope },
  ): UsageRecord {
    const record = UsageRecordSchema.parse({
      ...entry,
      costUsd: entry.costUsd ??
        priceOf(this.#shared.prices, entry.model, entry.promptTokens, entry.completionTokens),
      scope: { ...this.#scope, ...defined(entry.scope ?? {}) },
    });
    this.#shared.records.push(record);
    return record;
  }

  /** Records in this view's scope, oldest first. */
  get records(): readonly UsageRecord[] {
    return this.#shared.records.filter((r) => matches(r, this.#scope));
  }

  /** Sums over the records in this view that match `filter`. */
  totals(filter: UsageFilter = {}): UsageTotals {
    const totals: UsageTotals = { calls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    for (const r of this.records) {
      if (!matches(r, filter)) continue;
      totals.calls++;
      totals.promptTokens += r.promptTokens;
      totals.completionTokens += r.completionTokens;
      totals.costUsd += r.costUsd;
    }
    return totals;
  }

  /** Totals per role, for roles that made at least one call in this view. */
  byRole(): Partial<Record<ModelRole, UsageTotals>> {
    const out: Partial<Record<ModelRole, UsageTotals>> = {};
    for (const role of ROLES) {
      const totals = this.totals({ role });
      if (totals.calls > 0) out[role] = totals;
    }
    return out;
  }

  /** The records in this view, as plain JSON-ready objects. */
  toJSON(): UsageRecord[] {
    return this.records.map((r) => structuredClone(r));
  }
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function matches(record: UsageRecord, filter: UsageFilter): boolean {
  if (filter.role !== undefined && record.role !== filter.role) return false;
  if (filter.cached !== undefined && record.cached !== filter.cached) return false;
  for (const key of ["run", "candidate", "task"] as const) {
    if (filter[key] !== undefined && record.scope[key] !== filter[key]) return false;
  }
  return true;
}

/**
 * Wraps `model` so every successful call is recorded in `ledger` under `role` (and `scope`),
 * timed with the ledger's clock. Failed calls are not recorded: their usage is unknown.
 */
export function meteredModel(
  model: ChatModel,
  ledger: UsageLedger,
  role: ModelRole,
  scope: UsageScope = {},
): ChatModel {
  const target = ledger.withScope(scope);
  return {
    id: model.id,
    async chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      const started = target.clock.now();
      const result = await model.chat(request);
      target.record({
        role,
        model: result.model,
        purpose: request.purpose ?? "unspecified",
        promptTokens: result.usage.promptTokens,
        completionTokens: result.usage.completionTokens,
        latencyMs: Math.max(0, target.clock.now() - started),
        cached: result.cached,
      });
      return result;
    },
  };
}
