/**
 * The memory stage: what turns a compiled plan into a working memory for an agent.
 *
 * - The provider lifecycle (`openMemory` → `beginTask` → at most one `refresh` → `endTask`,
 *   `ingest` for conversations, `search` for evaluation) with per-task traces, and the
 *   no-memory baseline.
 * - Runtime `automem-runtime-v1`: the session registry (one refresh per task, no reinjection),
 *   the cited context composer with its top-1 fallback, and how units are shown to it.
 * - The canonical pool: `mergePools` (idempotent, exact duplicates folded) and `maintainPool`.
 * - `runSmoke` (`automem smoke`) and `evaluateLocomo` (`automem locomo`).
 * - Units' content schemas, the encoders, management, and the dataset parsers.
 *
 * Most users want `createMemory` (one call, see the root module). Underneath it, and in the
 * search engine, a memory is opened from a compiled plan:
 *
 * @example Open a compiled plan with `openMemory`
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileSpec, HashEmbedder, logicalClock, parseSpec } from "../core/mod.ts";
 * import { continuingIds, openMemory } from "./mod.ts";
 * const parsed = parseSpec({ schema_version: "1", encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" });
 * if (!parsed.ok) throw new Error(parsed.issues[0].message);
 * const embedder = new HashEmbedder();
 * const baseDir = await Deno.makeTempDir();
 * const plan = compileSpec(parsed.value, { baseDir, embeddingDim: embedder.dim });
 * const memory = await openMemory(plan, { embedder, clock: logicalClock(), newId: continuingIds("run1", []) });
 * assert.equal(await memory.beginTask({ id: "t1", text: "Find the key" }), null); // empty memory
 * await memory.close();
 * await Deno.remove(baseDir, { recursive: true });
 * ```
 *
 * @module
 */
export { createMemory, type CreateMemoryOptions, type MemoryModels } from "./create_memory.ts";
export { AutomemMemory, type MemoryClientParts } from "./memory_client.ts";
export {
  type LessonInput,
  type ListOptions,
  MemoryInputError,
  type SearchOptions,
  type UnitPatch,
} from "./memory_input.ts";
export {
  type ChatMessage,
  ChatMessageSchema,
  ChatToolCallSchema,
  type ChatTranscriptOptions,
  fromChatTranscript,
  TranscriptError,
} from "./chat_transcript.ts";
export type {
  CandidateTrace,
  EndTrace,
  Guidance,
  MemoryProvider,
  OpRunRecord,
  RankedUnit,
  RetrievalTrace,
  TaskTrace,
} from "./provider_port.ts";
export type { Encoder, EncoderDeps, ExtractionInput, ExtractionOutput } from "./encoder_port.ts";
export type { ManageDeps, ManagementPipeline, PostTaskContext } from "./manage_port.ts";
export {
  type ManagementFactory,
  openMemory,
  type OpenMemoryDeps,
  type StoreFactory,
} from "./open_memory.ts";
export { PlanMemoryProvider, ProviderClosedError, type ProviderParts } from "./provider.ts";
export { emptyEndTrace, NoMemoryProvider } from "./no_memory.ts";
export { continuingIds, sequentialIds } from "./ids.ts";
export { type GuidanceContext, provideGuidance, TRACE_TEXT_CHARS } from "./provide_guidance.ts";
export {
  embedUnits,
  FAILURE_CONTEXT_CHARS,
  failureContext,
  takeIn,
  type TakeInContext,
  type UsedMemory,
} from "./take_in.ts";
export { SerialQueue } from "../core/serial_queue.ts";
export { DEFAULT_TRACE_CAPACITY, TraceBook } from "./trace_book.ts";
export * from "./runtime/mod.ts";
export {
  type MaintainDeps,
  maintainPool,
  type MaintainResult,
  type MergeOptions,
  mergePools,
  POOL_MAINTENANCE_OPS,
  POOL_MERGE_MARK,
} from "./pool.ts";
export {
  compatibleRetrievers,
  PRIMARY_STORE,
  runSmoke,
  type SmokeOptions,
  type SmokeReport,
  smokeSpec,
} from "./smoke.ts";
export { SMOKE_CONVERSATION, SMOKE_PROBE, SMOKE_TASKS, type SmokeTask } from "./smoke_fixtures.ts";
export {
  type BudgetFamily,
  type ConversationReport,
  DEFAULT_KS,
  evaluateLocomo,
  type LocomoEvalOptions,
  type LocomoEvalResult,
  type QuestionRanking,
} from "./locomo_eval.ts";
export { loadLocomo, selectConversations } from "./locomo_data.ts";
export {
  architectureRankings,
  LOCOMO_RANK_DEPTH,
  type RankedEntry,
  type RankingOptions,
} from "./locomo_rankings.ts";
export {
  type BudgetItem,
  budgetValues,
  CONTEXT_BUDGET_TURNS,
  contextBudgetOf,
  contextBudgetRecall,
  type ContextBudgetScore,
  type MeanBlock,
  type MeanSummary,
  MeanTable,
  TURN_BUDGETS,
  turnBudgetRecall,
} from "./locomo_budget.ts";
export { fromExcludedTask } from "./exclusion.ts";
export { GUIDANCE_CALLS_PER_TASK, GuidanceCallBudget, ManagementCalls } from "./call_budget.ts";
export {
  BASELINE_STOPWORDS,
  baselineTerms,
  type BaselineTurn,
  baselineTurns,
  bm25TurnRankings,
  ConversationBm25,
  TurnBm25,
  type TurnBm25Options,
} from "./locomo_bm25.ts";
export {
  normalizeKs,
  type QuestionScore,
  type RecallBlock,
  type RecallSummary,
  RecallTable,
  scoreQuestion,
} from "./locomo_metrics.ts";
export * from "./manage/mod.ts";
export * from "./encoders/mod.ts";
export * from "./make_unit.ts";
export * from "./unit_content.ts";
export * from "./trajectory_io/mod.ts";
