/**
 * The individual checks of `automem smoke`. Each throws an Error whose message says what was
 * expected and what happened; `runSmoke` turns that into the check's entry.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { Plan, RetrievePlan } from "../core/compiler.ts";
import type { Embedder } from "../core/ports.ts";
import { ENCODE_TYPES, type RetrieverKind } from "../core/space.ts";
import { estimateTokens } from "../core/usage.ts";
import { createRetriever } from "../retrieval/create_retriever.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import type { EndTrace, MemoryProvider } from "./provider_port.ts";
import { composeContext, GUIDANCE_PREFIX } from "./runtime/composer.ts";
import { buildQuery } from "./runtime/query.ts";
import { SMOKE_CONVERSATION, SMOKE_PROBE, SMOKE_TASKS } from "./smoke_fixtures.ts";

/** Fails with `message` unless `condition` holds. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AutomemError("smoke_failed", message);
}

function opErrors(ends: readonly EndTrace[]): string[] {
  return ends.flatMap((e) => e.ops.filter((o) => o.error).map((o) => `${o.op}: ${o.error}`));
}

/** Ingests the smoke tasks and conversation; checks that units were stored and searchable. */
export async function checkIngest(
  provider: MemoryProvider,
  store: MemoryStore,
  embedder: Embedder,
): Promise<EndTrace[]> {
  const ends: EndTrace[] = [];
  for (const t of SMOKE_TASKS) ends.push(await provider.endTask(t.task, t.trajectory, t.outcome));
  ends.push(await provider.ingest(SMOKE_CONVERSATION.task, SMOKE_CONVERSATION.trajectory));
  const failures = ends.flatMap((e) => e.extraction_failures);
  ensure(failures.length === 0, `extraction failures: ${failures.join("; ")}`);
  const errors = opErrors(ends);
  ensure(errors.length === 0, `management errors: ${errors.join("; ")}`);
  ensure(ends.every((e) => e.inserted_ids.length > 0), "some task stored no unit");
  const health = await store.health();
  ensure(health.active_units > 0, "the store holds no active unit after ingestion");
  const text = await store.textSearch("capital Romania Bucharest", 3);
  ensure(text.length > 0, "textSearch found nothing for a stored fact");
  const [vector] = await embedder.embed(["capital of Romania"]);
  const near = await store.vectorSearch(vector, 3);
  ensure(near.length > 0, "vectorSearch found nothing");
  const unit = await store.get(near[0].id);
  ensure(unit?.id === near[0].id, `get(${near[0].id}) did not return the unit`);
  return ends;
}

/** Every planned encode type produced at least one unit. */
export async function checkEncodeTypes(plan: Plan, store: MemoryStore): Promise<void> {
  const units = await store.list();
  const types = new Set(units.map((u) => u.type));
  const missing = ENCODE_TYPES.filter((t) => plan.encode.includes(t) && !types.has(t));
  ensure(missing.length === 0, `no unit of type(s) ${missing.join(", ")} was extracted offline`);
  ensure(units.every((u) => u.source_refs.length > 0), "a unit has no source_refs");
}

/** One retriever over an ingested store honours top_k, activity and the self-retrieval guard. */
export async function checkRetriever(
  retrieve: RetrievePlan,
  kind: RetrieverKind,
  store: MemoryStore,
  embedder: Embedder,
): Promise<void> {
  const retriever = createRetriever(retrieve, { store, embedder });
  const own = SMOKE_TASKS[0].task;
  const query = await buildQuery(kind, own.text, "", { embedder });
  const result = await retriever.retrieve({ ...query, excludeTaskIds: [own.id] }, retrieve.top_k);
  ensure(result.units.length > 0, "retrieved nothing");
  ensure(result.units.length <= retrieve.top_k, `returned ${result.units.length} > top_k`);
  ensure(result.units.every((s) => s.unit.is_active), "returned an inactive unit");
  ensure(
    result.units.every((s) => s.unit.source_task_id !== own.id),
    "returned a unit of the excluded task (self-retrieval guard)",
  );
  ensure(result.units.every((s) => Number.isFinite(s.score)), "a score is not finite");
}

/** BEGIN, one refresh, a denied second refresh, no reinjection on a restarted BEGIN. */
export async function checkBeginRefresh(provider: MemoryProvider): Promise<void> {
  const begin = await provider.beginTask(SMOKE_PROBE);
  ensure(begin !== null, "BEGIN returned no guidance on a populated store");
  ensure(begin.unit_ids.length >= 1 && begin.unit_ids.length <= 3, "BEGIN injected 0 or >3 units");
  for (const id of begin.unit_ids) {
    ensure(begin.text.includes(`[memory:${id}]`), `guidance does not cite [memory:${id}]`);
  }
  ensure(
    begin.tokens === estimateTokens(begin.text),
    "guidance tokens are not estimateTokens(text)",
  );
  const refresh = await provider.refresh(SMOKE_PROBE, "searched: Rhine river mouth");
  if (refresh) {
    const again = refresh.unit_ids.filter((id) => begin.unit_ids.includes(id));
    ensure(again.length === 0, `refresh reinjected ${again.join(", ")}`);
  }
  const denied = await provider.refresh(SMOKE_PROBE, "more progress");
  ensure(denied === null, "a second refresh was allowed");
  const restart = await provider.beginTask(SMOKE_PROBE);
  if (restart) {
    ensure(restart.text !== begin.text, "a second BEGIN reinjected the same guidance");
    const again = restart.unit_ids.filter((id) => begin.unit_ids.includes(id));
    ensure(again.length === 0, `a second BEGIN reinjected ${again.join(", ")}`);
  }
  const trace = provider.traceOf(SMOKE_PROBE.id);
  const phases = trace?.retrievals.map((r) => `${r.phase}:${r.outcome}`) ?? [];
  ensure(phases[2] === "in:phase_denied", `trace does not record the denied refresh: ${phases}`);
}

/** The task's own units are never candidates for it (guard keyed by the benchmark task id). */
export async function checkSelfRetrieval(provider: MemoryProvider): Promise<void> {
  const own = SMOKE_TASKS[0].task;
  const guidance = await provider.beginTask(own);
  const trace = provider.traceOf(own.id);
  const record = trace?.retrievals.at(-1);
  ensure(record !== undefined, "BEGIN left no trace");
  ensure(
    record.candidates.every((c) => c.source_task_id !== own.id),
    "a candidate came from the task itself",
  );
  ensure(record.candidates.length > 0, "no candidate from other tasks");
  ensure(
    !guidance || guidance.unit_ids.every((id) => record.candidates.some((c) => c.id === id)),
    "injected ids are not among the candidates",
  );
}

/** endTask after injection runs post-task management offline and records the used units. */
export async function checkOfflineManagement(provider: MemoryProvider): Promise<void> {
  const used = provider.traceOf(SMOKE_PROBE.id)?.retrievals.flatMap((r) => r.injected_ids) ?? [];
  const end = await provider.endTask(SMOKE_PROBE, {
    task_id: SMOKE_PROBE.id,
    query: SMOKE_PROBE.text,
    steps: [{ ref: "step:0", kind: "action", tool: "finish", args: { answer: "Rotterdam" } }],
    final_answer: "Rotterdam",
  }, { success: false, score: 0, answer: "Rotterdam", expected: "Amsterdam" });
  ensure(
    used.every((id) => end.used_unit_ids.includes(id)),
    "endTask did not receive the injected units",
  );
  const access = end.ops.find((o) => o.op === "access_stats_update");
  ensure(access?.triggered === true, "access_stats_update did not run offline");
  const penalize = end.ops.find((o) => o.op === "penalize_on_failure");
  ensure(penalize?.triggered === true, "penalize_on_failure did not run on a failure");
  const errors = opErrors([end]);
  ensure(errors.length === 0, `management errors: ${errors.join("; ")}`);
}

/** Without a model the composer falls back to the cited top-1 candidate. */
export async function checkComposerFallback(): Promise<void> {
  const r = await composeContext("a task", [
    { id: "a", score: 0.5, text: "first candidate" },
    { id: "b", score: 0.4, text: "second candidate" },
  ]);
  ensure(r.mode === "fallback", `composer mode ${r.mode}, expected fallback`);
  ensure(
    r.guidance === `${GUIDANCE_PREFIX}first candidate [M0]` && r.kept.join() === "0",
    `unexpected fallback guidance: ${r.guidance}`,
  );
}
