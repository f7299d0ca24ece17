/**
 * Task files (`--infile`, JSONL or JSON array) and the deterministic synthetic scores of
 * `--dry_run` (docs/design.md#dry-run).
 *
 * @module
 */
export * from "./benchmark.ts";
export * from "./dry_run.ts";
export * from "./parse.ts";
