/**
 * Builds a game environment by id for the scaffold commands and benchmarks: the tiny built-in
 * game here; the real games come from the games registry once it is part of the program.
 *
 * @module
 */
import type { GameEnv, GameOptions } from "../bench/games/game_port.ts";
import { createTinyEnv } from "../bench/games/tiny_registry.ts";
import { ScaffoldError } from "./errors.ts";

/** Environment ids the scaffold layer can build. */
export const SCAFFOLD_ENVS = ["tiny"] as const;

/** Builds the environment `id`. */
export function createScaffoldEnv(id: string, options: GameOptions = {}): Promise<GameEnv> {
  if (id === "tiny") return createTinyEnv(options);
  throw new ScaffoldError(
    "unknown_env",
    `unknown game environment '${id}'; available: ${SCAFFOLD_ENVS.join(", ")}`,
  );
}
