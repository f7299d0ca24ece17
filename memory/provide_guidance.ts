/**
 * One BEGIN or IN memory request (docs/design.md#provide-memory `provide_memory`), in this order:
 * session check → literal-preserving query plan (skipped for hyde) → retrieval with the
 * self-retrieval guard keyed by the benchmark task id → drop units already injected in this task →
 * compose → commit → guidance with `[memory:<id>]` citations. Every request leaves a {@linkcode
 * RetrievalTrace}.
 *
 * Deliberate differences from the reference:
 * - The self-retrieval guard compares the benchmark task id only
 *   (docs/design.md#fix-self-retrieval); the retriever gets `excludeTaskIds: [task.id]` and the
 *   result is checked again here.
 * - Already injected units are dropped on every phase (a restarted BEGIN included), and the
 *   retriever is asked for `top_k + injected` units so dropping them still leaves up to `top_k`
 *   fresh candidates (the reference asked for `top_k` and then dropped, often leaving nothing).
 *
 * @module
 */
import { matchesScope } from "../core/unit_scope.ts";
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Embedder } from "../core/ports.ts";
import type { TaskContext } from "../core/trajectory.ts";
import { contentText } from "../core/unit.ts";
import { estimateTokens } from "../core/usage.ts";
import { supportingEdges } from "../retrieval/graph.ts";
import type { Retriever, ScoredUnit } from "../retrieval/retriever_port.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import type { CandidateTrace, Guidance, RetrievalTrace } from "./provider_port.ts";
import { composeContext, rewriteCitations } from "./runtime/composer.ts";
import { buildQuery } from "./runtime/query.ts";
import type { SessionPhase, SessionRegistry } from "./runtime/session.ts";
import { candidateText } from "./runtime/unit_format.ts";
import type { TraceBook } from "./trace_book.ts";

/** Characters of a candidate's content kept in the trace. */
export const TRACE_TEXT_CHARS = 500;

/** What a memory request needs from the provider. */
export interface GuidanceContext {
  plan: Plan;
  store: MemoryStore;
  retriever: Retriever;
  embedder: Embedder;
  sessions: SessionRegistry;
  traces: TraceBook;
  model?: ChatModel;
  signal?: AbortSignal;
}

function candidateTrace(s: ScoredUnit): CandidateTrace {
  return {
    id: s.unit.id,
    type: s.unit.type,
    score: s.score,
    method: s.method,
    text: contentText(s.unit).slice(0, TRACE_TEXT_CHARS),
    source_task_id: s.unit.source_task_id,
  };
}

/** Runs one BEGIN (`phase = "begin"`) or refresh (`"in"`) request; null when nothing is injected. */
export async function provideGuidance(
  ctx: GuidanceContext,
  task: TaskContext,
  phase: SessionPhase,
  progress = "",
): Promise<Guidance | null> {
  const decision = ctx.sessions.phaseAllowed(task.id, phase, phase === "in");
  if (phase === "begin" && decision.reason === "begin") ctx.traces.start(task.id);
  const record: RetrievalTrace = {
    phase,
    outcome: "phase_denied",
    query: { literal: task.text.trim(), abstract: "", planner: "literal" },
    retriever: ctx.plan.retrieve.kind,
    candidates: [],
    injected_ids: [],
    composer: "none",
    guidance_tokens: 0,
    used_edges: [],
  };
  const finish = (outcome: RetrievalTrace["outcome"]): null => {
    record.outcome = outcome;
    ctx.traces.addRetrieval(task.id, record);
    return null;
  };
  if (!decision.allowed) return finish("phase_denied");
  if (await ctx.store.count() === 0) return finish("empty_store");

  const query = await buildQuery(ctx.plan.retrieve.kind, task.text, progress, ctx);
  record.query = { literal: query.literal, abstract: query.abstract, planner: query.planner };
  const seen = ctx.sessions.injectedIds(task.id);
  const result = await ctx.retriever.retrieve({
    literal: query.literal,
    abstract: query.abstract,
    embedding: query.embedding,
    excludeTaskIds: [task.id],
    ...(task.scope ? { scope: task.scope } : {}),
  }, ctx.plan.retrieve.top_k + seen.length);
  record.retriever = result.retriever;
  if (result.variant) record.variant = result.variant;
  // The guard is re-checked here so a retriever that ignores the filter cannot leak the task's own
  // units into its prompt.
  const own = result.units.filter((s) =>
    s.unit.source_task_id !== task.id && s.unit.is_active && matchesScope(s.unit, task.scope)
  );
  const fresh = new Set(ctx.sessions.unseen(task.id, own.map((s) => s.unit.id)));
  const candidates = own.filter((s) => fresh.has(s.unit.id)).slice(0, ctx.plan.retrieve.top_k);
  record.candidates = candidates.map(candidateTrace);
  if (candidates.length === 0) return finish("no_candidates");

  const composed = await composeContext(
    query.literal,
    candidates.map((s) => ({
      id: s.unit.id,
      score: s.score,
      text: candidateText(s.unit, s.score),
    })),
    { model: ctx.model, signal: ctx.signal },
  );
  record.composer = composed.mode === "none" ? "none" : composed.mode;
  if (composed.no_guidance) return finish("no_guidance");
  const ids = composed.kept.map((i) => candidates[i].unit.id);
  const text = rewriteCitations(composed.guidance, candidates.map((s) => ({ id: s.unit.id })));
  if (!ctx.sessions.commit(task.id, ids, text)) return finish("duplicate_guidance");

  record.outcome = "injected";
  record.injected_ids = ids;
  record.guidance_tokens = estimateTokens(text);
  record.used_edges = supportingEdges(result.used_edges, ids);
  ctx.traces.addRetrieval(task.id, record);
  return { phase, text, unit_ids: ids, tokens: record.guidance_tokens };
}
