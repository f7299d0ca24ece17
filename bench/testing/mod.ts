/**
 * Test doubles for benchmark tests: a canned memory provider that records the lifecycle calls.
 *
 * @module
 */
export * from "./canned_provider.ts";
