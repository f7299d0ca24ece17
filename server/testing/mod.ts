/**
 * Test helpers for the status server, dashboard and reports: schema-valid fixture run
 * directories (finished, running, failed, stale, protected) and a real small dry-run search.
 *
 * @module
 */
export * from "./dry_run.ts";
export * from "./fixture_artifacts.ts";
export * from "./fixture_commit.ts";
export * from "./fixture_run.ts";
export * from "./fixture_state.ts";
