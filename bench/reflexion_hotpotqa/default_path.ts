/**
 * Where the Reflexion HotpotQA log is looked for when no path is given: beside the checkout,
 * outside the repository. Its own module so the CLI's flag tables can name it without loading
 * the benchmark.
 *
 * @module
 */

/** Default path of the Reflexion HotpotQA log (100 questions × 5 trials). */
export const DEFAULT_HOTPOT_PATH =
  "../shared/data/reflexion-trajectories/hotpotqa_react_reflexion_100q_5trials.txt";

/** Questions (1-based, in question-id order) of the search half; 51–100 are held out. */
export const HOTPOT_SEARCH_QUESTIONS: readonly number[] = Array.from(
  { length: 50 },
  (_, i) => i + 1,
);
