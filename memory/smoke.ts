/**
 * `automem smoke`: offline end-to-end checks in a scratch directory for EVERY store and EVERY
 * retriever it is compatible with: compile → ingest (endTask + conversation ingest through the
 * offline encoders) → retrieve → provider BEGIN/refresh/dedup → composer fallback → management
 * pass → persistence (close, reopen, identical export) → pool merge and import.
 *
 * Check names: `store:<kind>`, `encode:offline`, `retriever:<retriever>@<store>`,
 * `management:periodic@<store>`, `persistence:<store>`, `provider:begin_refresh`,
 * `provider:self_retrieval`, `management:post_task_offline`, `composer:fallback`, `pool:merge`.
 * Each maps to "ok" or the error message; a check whose prerequisite failed says so.
 * `architecture_fingerprint` is the fingerprint of the primary smoke architecture
 * (all five encode types, hybrid store, hybrid retrieval, json_full management).
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { join } from "node:path";
import { canonicalJson } from "../core/canonical_json.ts";
import { compileSpec, type Plan } from "../core/compiler.ts";
import type { Clock, Embedder } from "../core/ports.ts";
import {
  ENCODE_TYPES,
  GRAPH_STORES,
  RETRIEVER_KINDS,
  type RetrieverKind,
  STORE_KINDS,
  type StoreKind,
} from "../core/space.ts";
import { type ArchitectureSpec, fingerprint, parseSpec } from "../core/spec.ts";
import { openStore } from "../stores/open_store.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import { sequentialIds } from "./ids.ts";
import { createManagementPipeline } from "./manage/mod.ts";
import { openMemory } from "./open_memory.ts";
import { mergePools } from "./pool.ts";
import type { MemoryProvider } from "./provider_port.ts";
import {
  checkBeginRefresh,
  checkComposerFallback,
  checkEncodeTypes,
  checkIngest,
  checkOfflineManagement,
  checkRetriever,
  checkSelfRetrieval,
  ensure,
} from "./smoke_checks.ts";

/** Options of {@linkcode runSmoke}. */
export interface SmokeOptions {
  /** Scratch directory; every store lives in its own sub-directory. */
  dir: string;
  embedder: Embedder;
  clock: Clock;
}

/** The smoke report, printed by the CLI as sorted JSON. */
export interface SmokeReport {
  status: "ok" | "failed";
  architecture_fingerprint: string;
  /** Check name → "ok" or the error message. */
  checks: Record<string, string>;
}

/** The store that hosts the provider, composer and pool checks. */
export const PRIMARY_STORE: StoreKind = "hybrid";

/** Checks that run on the primary store's provider. */
const PRIMARY_CHECKS = [
  "provider:begin_refresh",
  "management:post_task_offline",
  "provider:self_retrieval",
  "pool:merge",
];

/** The smoke architecture of a store: graph stores get graph retrieval and graph_consolidate. */
export function smokeSpec(store: StoreKind, retrieve?: RetrieverKind): ArchitectureSpec {
  const graph = GRAPH_STORES.includes(store);
  const parsed = parseSpec({
    schema_version: "1",
    encode: [...ENCODE_TYPES],
    store,
    retrieve: retrieve ?? (graph ? "graph" : "hybrid"),
    manage: graph && (retrieve ?? "graph") === "graph" ? "graph_consolidate" : "json_full",
  });
  if (!parsed.ok) {
    throw new AutomemError(
      "internal",
      parsed.issues.map((i) => i.message).join("; "),
    );
  }
  return parsed.value;
}

/** Retrievers compatible with a store (the graph retriever needs a graph store). */
export function compatibleRetrievers(store: StoreKind): RetrieverKind[] {
  return RETRIEVER_KINDS.filter((r) => r !== "graph" || GRAPH_STORES.includes(store));
}

interface Opened {
  plan: Plan;
  provider: MemoryProvider;
  store: MemoryStore;
}

async function open(plan: Plan, opts: SmokeOptions, idPrefix: string): Promise<Opened> {
  let store: MemoryStore | undefined;
  const provider = await openMemory(plan, {
    embedder: opts.embedder,
    clock: opts.clock,
    newId: sequentialIds(idPrefix),
    storeFactory: async (p, d) => store = await openStore(p, d),
  });
  return { plan, provider, store: store! };
}

/** Runs every check; never throws for a failing check (its entry holds the message). */
export async function runSmoke(opts: SmokeOptions): Promise<SmokeReport> {
  const checks: Record<string, string> = {};
  const check = async (name: string, fn: () => Promise<void>): Promise<boolean> => {
    try {
      await fn();
      checks[name] = "ok";
      return true;
    } catch (error) {
      checks[name] = (error as Error)?.message || String(error);
      return false;
    }
  };
  const skip = (name: string, reason: string) => checks[name] = `not run: ${reason}`;
  const compile = (spec: ArchitectureSpec, sub: string) =>
    compileSpec(spec, { baseDir: join(opts.dir, sub), embeddingDim: opts.embedder.dim });

  for (const kind of STORE_KINDS) {
    let opened: Opened | undefined;
    const ok = await check(`store:${kind}`, async () => {
      opened = await open(compile(smokeSpec(kind), kind), opts, `smoke-${kind}`);
      await checkIngest(opened.provider, opened.store, opts.embedder);
    });
    const retrievers = compatibleRetrievers(kind);
    if (!ok || !opened) {
      for (const r of retrievers) skip(`retriever:${r}@${kind}`, `store:${kind} failed`);
      const dependent = [`management:periodic@${kind}`, `persistence:${kind}`];
      if (kind === PRIMARY_STORE) dependent.push("encode:offline", ...PRIMARY_CHECKS);
      for (const n of dependent) skip(n, `store:${kind} failed`);
      if (opened) await opened.provider.close().catch(() => {});
      continue;
    }
    const o = opened;
    if (kind === PRIMARY_STORE) {
      await check("encode:offline", () => checkEncodeTypes(o.plan, o.store));
    }
    for (const r of retrievers) {
      await check(`retriever:${r}@${kind}`, () => {
        const plan = compile(smokeSpec(kind, r), `${kind}_${r}`);
        return checkRetriever(plan.retrieve, r, o.store, opts.embedder);
      });
    }
    await check(`management:periodic@${kind}`, async () => {
      const pipeline = await createManagementPipeline(o.plan.manage, {
        store: o.store,
        embedder: opts.embedder,
        clock: opts.clock,
      }, { dir: join(opts.dir, `${kind}_periodic`) });
      const records = await pipeline.runPeriodic();
      ensure(records.length === o.plan.manage.periodic.length, "not every periodic op ran");
      const errors = records.filter((r) => r.error).map((r) => `${r.op}: ${r.error}`);
      ensure(errors.length === 0, `periodic op errors: ${errors.join("; ")}`);
    });
    let reopened: Opened | undefined;
    await check(`persistence:${kind}`, async () => {
      const before = canonicalJson(await o.provider.exportPool());
      await o.provider.close();
      reopened = await open(o.plan, opts, `smoke-${kind}-reopened`);
      const after = canonicalJson(await reopened.provider.exportPool());
      ensure(before === after, "the reopened store exports a different pool");
    });
    if (!reopened) {
      // The first provider was closed for the reopen; the primary checks need a live one.
      if (kind === PRIMARY_STORE) {
        for (const n of PRIMARY_CHECKS) skip(n, `persistence:${kind} failed`);
      }
      await o.provider.close().catch(() => {});
      continue;
    }
    if (kind === PRIMARY_STORE) await primaryChecks(reopened, opts, check, skip);
    await reopened.provider.close().catch(() => {});
  }
  await check("composer:fallback", checkComposerFallback);
  const failed = Object.values(checks).some((v) => v !== "ok");
  return {
    status: failed ? "failed" : "ok",
    architecture_fingerprint: fingerprint(smokeSpec(PRIMARY_STORE)),
    checks,
  };
}

async function primaryChecks(
  live: Opened,
  opts: SmokeOptions,
  check: (name: string, fn: () => Promise<void>) => Promise<boolean>,
  skip: (name: string, reason: string) => void,
): Promise<void> {
  const began = await check("provider:begin_refresh", () => checkBeginRefresh(live.provider));
  if (began) {
    await check("management:post_task_offline", () => checkOfflineManagement(live.provider));
  } else skip("management:post_task_offline", "provider:begin_refresh failed");
  await check("provider:self_retrieval", () => checkSelfRetrieval(live.provider));
  await check("pool:merge", async () => {
    const pool = await live.provider.exportPool();
    const once = mergePools({ units: [], edges: [] }, pool, { clock: opts.clock });
    const twice = mergePools(once, pool, { clock: opts.clock });
    ensure(canonicalJson(once) === canonicalJson(twice), "merging the same pool twice changed it");
    ensure(once.units.length > 0, "the merged pool is empty");
    // A fresh store in its own directory is seeded from the pool, as the search loop does.
    const plan = compileSpec(live.plan.spec, {
      baseDir: join(opts.dir, "pool_import"),
      embeddingDim: opts.embedder.dim,
    });
    const target = await open(plan, opts, "smoke-pool-import");
    try {
      await target.provider.importPool(once);
      const imported = await target.provider.exportPool();
      const ids = (units: { id: string }[]) => units.map((u) => u.id).sort().join();
      ensure(ids(imported.units) === ids(once.units), "the imported pool holds different units");
    } finally {
      await target.provider.close();
    }
  });
}
