/**
 * Test support for management: fixture builders (clock, preset plans, keyword embedder, op
 * contexts) plus the store double and unit builders shared with the retrieval tests, re-exported
 * so management tests import one module. Not part of the library surface.
 *
 * @module
 */
export {
  GraphDouble,
  MemoryStoreDouble,
  type MemoryStoreDoubleOptions,
} from "../../../retrieval/testing/mod.ts";
export {
  axisVec,
  fixedClock,
  HOUR,
  KeywordEmbedder,
  makeUnit,
  opContext,
  postTask,
  presetPlan,
  runOp,
  T0,
  tilted,
} from "./fixtures.ts";
