/**
 * The split and round sizes of the small searches that tests run end to end (the resume driver,
 * the strategy-curve runs, the server's dry run): a few tasks per split, two candidates per round
 * evaluated two at a time, and the smallest one that still has every stage. Each caller adds its
 * own round count and options.
 *
 * @module
 */

/** Split sizes and parallelism of a small test search (spread into `parseSearchConfig` input). */
export const SMALL_SEARCH_FLAGS = {
  num_candidates: 2,
  warmup_n: 2,
  search_n: 8,
  batch_size: 4,
  validation_n: 4,
  test_n: 3,
  parallel: 2,
} as const;

/** The smallest complete search: one candidate, one task per split except two to search on. */
export const MINIMAL_SEARCH_FLAGS = {
  num_candidates: 1,
  warmup_n: 1,
  search_n: 2,
  batch_size: 2,
  validation_n: 1,
  test_n: 1,
  parallel: 1,
} as const;
