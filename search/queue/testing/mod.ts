/**
 * Test helpers of distributed evaluation: a private `redis-server`, `automem worker`
 * subprocesses and run-directory comparison.
 *
 * @module
 */
export * from "./redis.ts";
export * from "./latency_endpoint.ts";
