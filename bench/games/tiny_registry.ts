/**
 * Registration of the tiny built-in game, so callers build it by id like the real games.
 *
 * @module
 */
import type { GameEnv, GameOptions } from "./game_port.ts";
import { TinyGame } from "./tiny/tiny_game.ts";

/** Builds the tiny game. */
export function createTinyEnv(options: GameOptions = {}): Promise<GameEnv> {
  return Promise.resolve(new TinyGame(options));
}
