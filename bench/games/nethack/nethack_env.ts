/**
 * NetHack 3.6.6 as a {@linkcode GameEnv}: the rules the shared pty game environment needs —
 * BALROG's action words, a seeded game in a private playground, BALROG's observation and
 * progression, and the quit sequence.
 *
 * @module
 */
import { GameEnvError } from "../game_errors.ts";
import type { GameEnv } from "../game_port.ts";
import {
  type GameEpisode,
  type GameRules,
  PtyGameEnv,
  type PtyGameOptions,
} from "../pty_game_env.ts";
import { NETHACK_ACTIONS, NETHACK_DEFAULT_ACTION, nethackInstructions } from "./nethack_actions.ts";
import { isRoot, nethackSpawnOptions, nethackUnavailableReason } from "./nethack_launch.ts";
import {
  loadProgressionTable,
  NethackProgress,
  type ProgressionTable,
} from "./nethack_progression.ts";
import { morePage, nethackObservation } from "./nethack_screen.ts";

/** Options of the NetHack environment. */
export interface NethackEnvOptions extends PtyGameOptions {
  /** Another achievements table (default: BALROG's, bundled in `balrog_achievements.json`). */
  readonly achievementsUrl?: URL | string;
}

/** Builds a NetHack environment; throws `game_unavailable` when the game cannot run here. */
export async function createNethackEnv(options: NethackEnvOptions = {}): Promise<GameEnv> {
  const reason = nethackUnavailableReason();
  if (reason !== undefined) throw new GameEnvError("nethack", "game_unavailable", reason);
  const table = await loadProgressionTable(options.achievementsUrl);
  return new PtyGameEnv(nethackRules(table, !isRoot()), options);
}

/** NetHack's rules for the pty game environment. */
export function nethackRules(table: ProgressionTable, rootless: boolean): GameRules {
  return {
    id: "nethack",
    actions: NETHACK_ACTIONS,
    defaultAction: NETHACK_DEFAULT_ACTION,
    instructions: nethackInstructions(),
    quitKeys: ["\x1b\x1b#quit\r", "y"],
    settleTimeoutMs: 5000,
    spawnOptions: (seed, tag) => nethackSpawnOptions(seed, tag, rootless),
    morePage,
    newEpisode: () => nethackEpisode(table),
  };
}

function nethackEpisode(table: ProgressionTable): GameEpisode {
  const progress = new NethackProgress(table);
  let last: Readonly<Record<string, number>> = {};
  return {
    observe(lines, cursor, pages) {
      const observation = nethackObservation(lines, cursor, pages);
      // Menus and end screens cover the bottom lines: only a real status line counts.
      const inPlay = /^(Dlvl:\d|Home \d|Astral Plane)/.test(observation.status[1]);
      if (inPlay) {
        progress.update(observation.stats.depth, observation.stats.xl);
        last = observation.stats;
      }
      return { observation, inPlay };
    },
    progression: () => progress.progression,
    stats() {
      const { depth, xl } = progress.maxima;
      return {
        depth: last.depth ?? 1,
        max_depth: depth,
        max_xl: xl,
        gold: last.gold ?? 0,
        highest_achievement: progress.highest ?? "",
        progression_table: table.source,
      };
    },
  };
}
