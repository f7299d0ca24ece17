/**
 * Test doubles for benchmark tests: a canned memory provider that records the lifecycle calls,
 * and small parquet files.
 *
 * @module
 */
export * from "./canned_provider.ts";
export * from "./parquet_fixture.ts";
