/**
 * Test doubles for benchmark tests: a canned memory provider that records the lifecycle calls,
 * small parquet files and a small Reflexion HotpotQA log.
 *
 * @module
 */
export * from "./canned_provider.ts";
export * from "./hotpot_log.ts";
export * from "./parquet_fixture.ts";
