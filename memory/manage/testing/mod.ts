/**
 * Test support for management: an in-memory store double implementing the store port (with
 * optional graph ops) and fixture builders. Not part of the library surface.
 *
 * @module
 */
export {
  GraphDouble,
  normalizeEntityName,
  StoreDouble,
  type StoreDoubleOptions,
} from "./store_double.ts";
export {
  axisVec,
  fixedClock,
  HOUR,
  KeywordEmbedder,
  makeUnit,
  opContext,
  presetPlan,
  runOp,
  T0,
  tilted,
} from "./fixtures.ts";
