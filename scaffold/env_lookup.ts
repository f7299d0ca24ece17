/**
 * Builds a game environment by id for the scaffold commands and benchmarks: the tiny built-in
 * game, or a real game from the games registry (`nethack`, `crawl`).
 *
 * @module
 */
import { createGameEnv, gameEnvIds } from "../bench/games/env_registry.ts";
import type { GameEnv, GameOptions } from "../bench/games/game_port.ts";
import { createTinyEnv } from "../bench/games/tiny_registry.ts";
import { ScaffoldError } from "./errors.ts";

/** Environment ids the scaffold layer can build. */
export function scaffoldEnvIds(): string[] {
  return ["tiny", ...gameEnvIds()];
}

/** Builds the environment `id`. */
export function createScaffoldEnv(id: string, options: GameOptions = {}): Promise<GameEnv> {
  if (id === "tiny") return createTinyEnv(options);
  if (!gameEnvIds().includes(id)) {
    throw new ScaffoldError(
      "unknown_env",
      `unknown game environment '${id}'; available: ${scaffoldEnvIds().join(", ")}`,
    );
  }
  return createGameEnv(id, options);
}
