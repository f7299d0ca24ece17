/**
 * Test support for the provider-level memory tests: plan builders. Unit builders and the store
 * double come from `retrieval/testing`. Not part of the library surface.
 *
 * @module
 */
export { simplePlan } from "./fixtures.ts";
