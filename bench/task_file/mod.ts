/**
 * Task files (`--infile`, JSONL or JSON array) and the deterministic synthetic scores of
 * `--dry_run` (reference §5.1).
 *
 * @module
 */
export * from "./benchmark.ts";
export * from "./dry_run.ts";
export * from "./parse.ts";
