/**
 * automem as a library: open the memory architecture a search chose and use it in your own agent.
 *
 * This root module is deliberately small (it loads no server, no CLI and no search engine). The
 * public API is the three entries of `deno.json`'s `exports`: this module, `./mcp` (a memory as an
 * MCP server) and `./testing` (the doubles for tests: scripted model, logical clock, hashing
 * embedder). Each layer's `mod.ts` (core, stores, memory, search, ...) only organises the code
 * for the CLI and the project's own tests; it is not API and may change without notice.
 *
 * @example Embed a memory, learn a lesson, get guidance
 * ```ts
 * import assert from "node:assert/strict";
 * import { createMemory } from "./mod.ts";
 * const dir = await Deno.makeTempDir();
 * {
 *   await using memory = await createMemory({
 *     spec: { schema_version: "1", encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" },
 *     dir,
 *   });
 *   await memory.add({ text: "Ask for the invoice number before searching invoices.", use_when: ["invoice"] });
 *   const guidance = await memory.beginTask({ id: "t1", text: "Find the invoice for ACME" });
 *   assert.match(guidance?.text ?? "", /invoice number/);
 * }
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

// Opening and using a memory.
export {
  createMemory,
  type CreateMemoryOptions,
  type MemoryModels,
} from "./memory/create_memory.ts";
export { AutomemMemory } from "./memory/memory_client.ts";
export {
  type LessonInput,
  type ListOptions,
  MemoryInputError,
  type SearchOptions,
  type UnitPatch,
} from "./memory/memory_input.ts";
export type { ScopeFields } from "./memory/memory_scope.ts";
export type { ForgottenUnit } from "./memory/forget_audit.ts";
export {
  type ChatContent,
  type ChatMessage,
  type ChatTextPart,
  type ChatToolCall,
  type ChatTranscriptOptions,
  fromChatTranscript,
  TranscriptError,
} from "./memory/chat_transcript.ts";
export { loadWinner, type Winner } from "./search/load_winner.ts";
export type { EndTrace, Guidance, OpRunRecord, RankedUnit } from "./memory/provider_port.ts";

// The data a memory exchanges with an agent.
export {
  type TaskContext,
  type TaskOutcome,
  type Trajectory,
  type TrajectoryStep,
} from "./core/trajectory.ts";
export { type MemoryUnit, type Relation, RELATION_TYPES, type RelationType } from "./core/unit.ts";
export type { MetadataValue, UnitScope } from "./core/unit_scope.ts";
export type { EntityNode, GraphEdge, StoreSnapshot } from "./stores/store_port.ts";

// Architecture specs.
export { type ArchitectureSpec, parseSpec } from "./core/spec.ts";
export {
  ENCODE_TYPES,
  type EncodeType,
  MANAGE_PRESETS,
  type ManagePreset,
  RETRIEVER_KINDS,
  type RetrieverKind,
  STORE_KINDS,
  type StoreKind,
} from "./core/space.ts";
export type { ManagePlan, Plan, RetrievePlan } from "./core/compiler.ts";
export { OP_NAMES, type OpName, type OpSettings } from "./core/presets.ts";
export type { RuntimePolicy } from "./core/runtime_policy.ts";
export type { Issue, ParseResult } from "./core/issues.ts";

// Models and other ports, with their adapters.
export type {
  ChatMessage as ModelMessage,
  ChatModel,
  ChatRequest,
  ChatResult,
  Clock,
  Embedder,
  ReplySchema,
  TokenUsage,
  ToolCall,
  ToolDefinition,
} from "./core/ports.ts";
export {
  createOpenAIChatModel,
  createOpenAIEmbedder,
  type OpenAIChatOptions,
  type OpenAIConnection,
  type OpenAIEmbedderOptions,
  type StructuredOutputMode,
} from "./core/openai_adapter.ts";
export { HashEmbedder } from "./core/hash_embedder.ts";
export { WordVectorEmbedder } from "./core/word_vector_embedder.ts";
export { systemClock } from "./core/clock.ts";
export type { Sleep } from "./core/retry.ts";

// Errors: catch AutomemError and branch on `code`.
export { AutomemError, isAutomemError } from "./core/automem_error.ts";
export { ModelError, type ModelErrorCode } from "./core/ports.ts";
export { StoreError, type StoreErrorCode } from "./stores/store_error.ts";
export { SearchError, type SearchErrorCode } from "./search/errors.ts";
