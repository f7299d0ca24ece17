/**
 * Test doubles and fixtures for retrieval tests (and, downstream, memory and management tests):
 * an in-memory {@linkcode MemoryStoreDouble} (brute-force cosine and BM25, optional
 * {@linkcode GraphDouble}) and builders for units, plans, queries and a table-driven embedder.
 * Not part of the library surface.
 *
 * @module
 */
export { GraphDouble } from "./graph_double.ts";
export { MemoryStoreDouble, type MemoryStoreDoubleOptions } from "./memory_store_double.ts";
export {
  axisVec,
  DIM,
  makeQuery,
  makeUnit,
  planFor,
  qvec,
  T0,
  TableEmbedder,
  vec,
} from "./fixtures.ts";
