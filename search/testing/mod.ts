/**
 * Test doubles for the search engine: a deterministic fake benchmark, an in-memory fake
 * provider with matching services, spec/measurement helpers, the sizes of the small end-to-end
 * test searches, and the child-process driver of the SIGKILL resume tests.
 *
 * @module
 */
export * from "./fake_benchmark.ts";
export * from "./fake_memory.ts";
export * from "./small_search.ts";
export * from "./specs.ts";
export { DRIVER_FLAGS, driverBenchmark } from "./resume_driver.ts";
