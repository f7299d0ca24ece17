/**
 * Test doubles and fixtures for retrieval tests: an in-memory {@linkcode MemoryStoreDouble}
 * (brute-force cosine and BM25, optional graph) and builders for units, plans, queries and a
 * table-driven embedder. Not part of the library surface.
 *
 * @module
 */
export { MemoryStoreDouble, type MemoryStoreDoubleOptions } from "./memory_store_double.ts";
export { DIM, makeQuery, makeUnit, planFor, qvec, T0, TableEmbedder, vec } from "./fixtures.ts";
