/**
 * A real, small offline search (`--benchmark world --dry_run`) for tests of the server, the
 * dashboard and reports: the run directory is written by the search engine itself, so the
 * readers are checked against what a search actually produces, not only against fixtures.
 *
 * @module
 */
import { join } from "node:path";
import { logicalClock } from "../../core/clock.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import type { RunSummary } from "../../search/artifacts.ts";
import { parseSearchConfig } from "../../search/config.ts";
import { runSearch } from "../../search/run_search.ts";
import { SMALL_SEARCH_FLAGS } from "../../search/testing/small_search.ts";

/** The flags of the test search (two rounds of two candidates on a few world tasks). */
export const DRY_RUN_FLAGS = {
  ...SMALL_SEARCH_FLAGS,
  benchmark: "world",
  dry_run: true,
  max_rounds: 2,
  final_validation: true,
} as const;

/** Runs the dry-run search into `<outputDir>/<runName>` and returns its directory and summary. */
export async function runDrySearch(
  outputDir: string,
  runName: string,
): Promise<{ dir: string; summary: RunSummary }> {
  const cfg = parseSearchConfig({ run_name: runName, output_dir: outputDir, ...DRY_RUN_FLAGS });
  if (!cfg.ok) throw new Error(`dry-run flags rejected: ${JSON.stringify(cfg.issues)}`);
  const summary = await runSearch(cfg.value, {
    models: {},
    embedder: new HashEmbedder(),
    clock: logicalClock(),
  });
  return { dir: join(outputDir, runName), summary };
}
