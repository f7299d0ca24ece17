/**
 * Where the real external datasets live: `<repo>/../shared/data` (see its SOURCES.md). They are
 * never copied into the repository; tests and benchmarks read them in place and skip when the
 * folder is absent (a fresh clone has no `../shared`).
 *
 * @module
 */

/** The URL of `rel` under `<repo>/../shared/data/`. */
export function sharedDataUrl(rel: string): URL {
  return new URL(`../../../shared/data/${rel}`, import.meta.url);
}

/** True when `rel` exists under the shared data folder. */
export function hasSharedData(rel: string): boolean {
  try {
    Deno.statSync(sharedDataUrl(rel));
    return true;
  } catch {
    return false;
  }
}

/**
 * The `name` and `ignore` of a test that reads `rel`: when the file is absent the test is skipped
 * and its name says why in the test report.
 */
export function needsData(rel: string, name: string): { name: string; ignore: boolean } {
  const present = hasSharedData(rel);
  return {
    name: present ? name : `${name} (skipped: ../shared/data/${rel} is absent)`,
    ignore: !present,
  };
}

/** The file names of the datasets the parsers read. */
export const DATASETS = {
  hotpotReflexion: "reflexion-trajectories/hotpotqa_react_reflexion_100q_5trials.txt",
  alfworldReflexion: "reflexion-trajectories/alfworld_reflexion_env_results_trial_14.json",
  alfworldFewshot: "react-fewshot/alfworld_3prompts.json",
  locomo: "locomo/locomo10.json",
} as const;
