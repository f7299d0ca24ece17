/**
 * One entry point for every game environment: `createGameEnv(id, options)` builds `nethack` or
 * `crawl` (and any game registered here), and the availability probes tell tests and the CLI
 * why a real game cannot run on this machine.
 *
 * @module
 */
import { createCrawlEnv } from "./crawl/crawl_env.ts";
import { crawlUnavailableReason } from "./crawl/crawl_launch.ts";
import { GameEnvError } from "./game_errors.ts";
import type { GameEnv, GameFactory, GameOptions } from "./game_port.ts";
import { createNethackEnv } from "./nethack/nethack_env.ts";
import { nethackUnavailableReason } from "./nethack/nethack_launch.ts";

/** Options every registered game accepts (each reads its own). */
export interface GameEnvOptions extends GameOptions {
  /** nethack: BALROG's `achievements.json` location. */
  readonly achievementsUrl?: URL | string;
  /** crawl: where the compiled level-data template is kept. */
  readonly crawlCacheDir?: string;
  /** Bound on waiting for one settled screen (ms). */
  readonly settleTimeoutMs?: number;
  /** Prefix of the tag on the game's processes (leak checks); default: this process's pid. */
  readonly processTag?: string;
}

/** One registered game: its factory and a probe saying why it cannot run (undefined: it can). */
export interface GameEntry {
  readonly create: (options: GameEnvOptions) => Promise<GameEnv>;
  readonly unavailableReason: () => string | undefined;
}

/** The registered games. */
export const GAME_ENVS: Readonly<Record<string, GameEntry>> = {
  nethack: { create: createNethackEnv, unavailableReason: nethackUnavailableReason },
  crawl: { create: createCrawlEnv, unavailableReason: crawlUnavailableReason },
};

/** The ids of the registered games. */
export function gameEnvIds(): string[] {
  return Object.keys(GAME_ENVS);
}

/** Why game `id` cannot run here (unknown id, missing binary...), or undefined when it can. */
export function gameUnavailableReason(id: string): string | undefined {
  const entry = GAME_ENVS[id];
  if (entry === undefined) {
    return `unknown game '${id}'; expected one of: ${gameEnvIds().join(", ")}`;
  }
  return entry.unavailableReason();
}

/** Can NetHack run here? `{ ok: false, reason }` says what is missing. */
export function nethackAvailable(): { ok: boolean; reason?: string } {
  const reason = gameUnavailableReason("nethack");
  return reason === undefined ? { ok: true } : { ok: false, reason };
}

/** Can Dungeon Crawl run here? `{ ok: false, reason }` says what is missing. */
export function crawlAvailable(): { ok: boolean; reason?: string } {
  const reason = gameUnavailableReason("crawl");
  return reason === undefined ? { ok: true } : { ok: false, reason };
}

/** Builds game `id`; throws `game_option` for an unknown id, `game_unavailable` when absent. */
export async function createGameEnv(
  id: string,
  options: GameEnvOptions = {},
): Promise<GameEnv> {
  const entry = GAME_ENVS[id];
  if (entry === undefined) {
    throw new GameEnvError(id, "game_option", gameUnavailableReason(id)!);
  }
  return await entry.create(options);
}

/** The registry as a plain {@linkcode GameFactory} for one game id. */
export function gameFactory(id: string): GameFactory {
  return (options) => createGameEnv(id, options);
}
