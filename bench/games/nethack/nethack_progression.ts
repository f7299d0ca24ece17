/**
 * BALROG's NetHack progression: the episode maximum of the achievement values of every
 * `Dlvl:<depth>` and `Xp:<level>` reached, from BALROG's `achievements.json`. The table is part
 * of automem (`balrog_achievements.json`, copied unchanged from balrog-ai/BALROG, MIT licence in
 * `BALROG_LICENSE`); another table can be given as a file, and a missing or bad file is an
 * error, never a silent substitute.
 *
 * @module
 */
import { z } from "../../../core/zod.ts";
import { GameEnvError } from "../game_errors.ts";
import balrogTable from "./balrog_achievements.json" with { type: "json" };

/** The achievements table: key (`Dlvl:3`, `Xp:5`, ...) to progression in [0, 1]. */
export const AchievementsSchema = z.record(z.string(), z.number().min(0).max(1));

/** A loaded table and where it came from (`balrog`: the bundled table, else the file). */
export interface ProgressionTable {
  readonly source: string;
  value(key: string): number | undefined;
}

/** BALROG's table as bundled with automem (balrog-ai/BALROG `balrog/environments/nle`). */
export const BALROG_TABLE: ProgressionTable = tableOf(
  AchievementsSchema.parse(balrogTable),
  "balrog",
);

function tableOf(table: Record<string, number>, source: string): ProgressionTable {
  return { source, value: (key) => table[key] };
}

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
  return tableOf(parsed.data, file);
}

/** The bundled BALROG table, or the table in `url`; a missing file is an error. */
export async function loadProgressionTable(url?: URL | string): Promise<ProgressionTable> {
  if (url === undefined) return BALROG_TABLE;
  let text: string;
  try {
    text = await Deno.readTextFile(url);
  } catch (e) {
    throw new GameEnvError(
      "nethack",
      "game_data",
      `achievements table ${String(url)} cannot be read (${(e as Error).message})`,
      { cause: e },
    );
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
