/**
 * Where the LoCoMo data file is looked for when no path is given: beside the checkout, outside
 * the repository. Its own module so the CLI's flag tables can name it without loading the
 * benchmark.
 *
 * @module
 */

/** Default path of `locomo10.json`. */
export const DEFAULT_LOCOMO_PATH = "../shared/data/locomo/locomo10.json";
