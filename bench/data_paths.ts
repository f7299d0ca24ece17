/**
 * The default data file of each benchmark that reads one from `../shared/data`, for the CLI and
 * the search engine when no `--data_path` is given. Imports no benchmark.
 *
 * @module
 */
import { DEFAULT_LOCOMO_PATH } from "./locomo/default_path.ts";
import { DEFAULT_HOTPOT_PATH } from "./reflexion_hotpotqa/default_path.ts";

/** The data file `benchmark` reads when no path is given (LoCoMo's for every other name). */
export function defaultDataPath(benchmark: string): string {
  return benchmark === "reflexion-hotpotqa" ? DEFAULT_HOTPOT_PATH : DEFAULT_LOCOMO_PATH;
}
