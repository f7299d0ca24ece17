/**
 * Test support for the runtime tests: sample units learnt from a prior task. Not part of the
 * library surface.
 *
 * @module
 */
export { PRIOR_QUERY, priorUnit, sampleUnits } from "./fixtures.ts";
