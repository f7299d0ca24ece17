/**
 * Memory stores: the five backends of the `store` coordinate behind one port.
 *
 * - `json`: units in memory over the shared record log, BM25 text search, flat exact cosine.
 * - `vector`: Orama for metadata filters and listings, flat exact cosine beside it.
 * - `hybrid`: Orama BM25 full-text plus flat exact cosine, with `hybridSearch` min-max fusion.
 * - `graph`: Kùzu graph (task, memory, entity nodes; structural, derived, relation and fact
 *   edges kept apart) over the same record log; rule-based entity extraction.
 * - `llm_graph`: the graph store with model-extracted entities and facts (deterministic offline).
 *
 * Everyone opens stores through {@linkcode openStore}. All stores persist under
 * `plan.store.dir` (append-only log plus snapshot, vectors packed as float32), delete softly,
 * physically remove only in `compact()`, and reopen to an identical `exportAll()`.
 *
 * @module
 */
export type {
  AddResult,
  EntityNode,
  EntityRef,
  GraphEdge,
  GraphOps,
  MemoryStore,
  Neighbour,
  Reached,
  ScoredId,
  StoreHealth,
  StoreSnapshot,
  UnitFilter,
} from "./store_port.ts";
export { openStore, type OpenStoreDeps } from "./open_store.ts";
export { type StoreConfig, storeConfigOf, type StoreDeps } from "./store_config.ts";
export { checkTopK, StoreError, type StoreErrorCode } from "./store_error.ts";
export { JsonStore } from "./json_store.ts";
export { VectorStore } from "./vector_store.ts";
export { HybridStore, type HybridWeights, minMaxNormalize } from "./hybrid_store.ts";
export { GraphStore } from "./graph_store.ts";
export {
  createLlmGraphStore,
  ENTITY_DEDUP_THRESHOLD,
  type LlmGraphDeps,
  LlmGraphStore,
} from "./llm_graph_store.ts";
export {
  ENTITY_LABELS,
  extractionMessages,
  extractWithModel,
  type IngestError,
  type LlmGraphExtraction,
  LlmGraphExtractionSchema,
} from "./llm_graph_extract.ts";
export {
  capitalisedSpans,
  type EntityCandidate,
  entityNodeId,
  type FactCandidate,
  heuristicEntities,
  KNOWN_TOOLS,
  normalizeEntityName,
  nounPhrases,
  offlineExtraction,
  toolNames,
} from "./entities.ts";
export { KeywordIndex } from "./keyword_index.ts";
export { flatScanTopK, FlatVectorIndex } from "./vector_index.ts";
export { normalizeText, stem, STOP_WORDS, tokenize } from "./tokenize.ts";
export { type MemoryBenchOptions, runMemoryBench } from "./memory_bench.ts";
export { formatBenchTable, type MemoryBenchRow, quantile } from "./memory_bench_report.ts";
export { type SyntheticOptions, syntheticQuery, syntheticUnits } from "./synthetic_units.ts";
export {
  checkStore,
  repairStore,
  type StoreCheckOptions,
  type StoreCheckReport,
  type StoreProblem,
  type StoreRepairResult,
} from "./store_repair.ts";
export { mountOptionsOf, whyReadOnly, type WritableProbe } from "./store_media.ts";
