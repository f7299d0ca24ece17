/**
 * BALROG's NetHack progression: the episode maximum of the achievement values of every
 * `Dlvl:<depth>` and `Xp:<level>` reached, read from BALROG's `achievements.json`. When that
 * table is absent a documented linear fallback is used and labelled as such (docs/games.md).
 *
 * @module
 */
import { z } from "zod";
import { sharedDataUrl } from "../../../memory/trajectory_io/shared_data.ts";
import { GameEnvError } from "../game_errors.ts";

/** The achievements table: key (`Dlvl:3`, `Xp:5`, ...) to progression in [0, 1]. */
export const AchievementsSchema = z.record(z.string(), z.number().min(0).max(1));

/** A loaded table and where it came from (`balrog` or `fallback`). */
export interface ProgressionTable {
  readonly source: "balrog" | "fallback";
  value(key: string): number | undefined;
}

/** Where BALROG's table lives beside a checkout (`<repo>/../shared/data/balrog`). */
export const DEFAULT_ACHIEVEMENTS_URL: URL = sharedDataUrl("balrog/achievements.json");

/**
 * The fallback when BALROG's table is absent: depth N scores (N-1)/50, experience level L scores
 * (L-1)/30 (monotone, 0 at the start like BALROG's table, NOT BALROG's numbers).
 */
export const FALLBACK_TABLE: ProgressionTable = {
  source: "fallback",
  value(key: string): number | undefined {
    const d = /^Dlvl:(\d+)$/.exec(key);
    if (d) return Math.min(1, (Number(d[1]) - 1) / 50);
    const x = /^Xp:(\d+)$/.exec(key);
    if (x) return Math.min(1, (Number(x[1]) - 1) / 30);
    return undefined;
  },
};

/** Parses the table's JSON text; throws naming the file and the first bad field. */
export function parseAchievements(text: string, file: string): ProgressionTable {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new GameEnvError("nethack", "game_data", `${file}: not JSON (${(e as Error).message})`);
  }
  const parsed = AchievementsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new GameEnvError(
      "nethack",
      "game_data",
      `${file}: field '${issue.path.join(".")}': ${issue.message}`,
    );
  }
  const table = parsed.data;
  return { source: "balrog", value: (key) => table[key] };
}

/** Loads BALROG's table from `url`, or the fallback when the file does not exist. */
export async function loadProgressionTable(
  url: URL | string = DEFAULT_ACHIEVEMENTS_URL,
): Promise<ProgressionTable> {
  let text: string;
  try {
    text = await Deno.readTextFile(url);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return FALLBACK_TABLE;
    throw e;
  }
  return parseAchievements(text, String(url));
}

/** Tracks one episode's progression the way BALROG's `Progress.update` does. */
export class NethackProgress {
  readonly #table: ProgressionTable;
  #progression = 0;
  #highest: string | undefined;
  #maxDepth = 1;
  #maxXl = 1;

  /** Starts an episode's tracker on `table`. */
  constructor(table: ProgressionTable) {
    this.#table = table;
  }

  /** Records the depth and experience level shown now. */
  update(depth: number | undefined, xl: number | undefined): void {
    if (xl !== undefined) {
      this.#maxXl = Math.max(this.#maxXl, xl);
      this.#consider(`Xp:${xl}`);
    }
    if (depth !== undefined) {
      this.#maxDepth = Math.max(this.#maxDepth, depth);
      this.#consider(`Dlvl:${depth}`);
    }
  }

  #consider(key: string): void {
    const v = this.#table.value(key);
    if (v !== undefined && v > this.#progression) {
      this.#progression = v;
      this.#highest = key;
    }
  }

  /** Progression in [0, 1]. */
  get progression(): number {
    return this.#progression;
  }

  /** The achievement that set it (`Dlvl:3`), if any. */
  get highest(): string | undefined {
    return this.#highest;
  }

  /** Deepest level and highest experience level seen. */
  get maxima(): { depth: number; xl: number } {
    return { depth: this.#maxDepth, xl: this.#maxXl };
  }
}
