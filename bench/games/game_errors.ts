/**
 * Errors of the real-game environments: a missing binary or kernel feature, a game that did not
 * answer in time, a bad option. Each says which game and what to do.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";

/** A game environment cannot run or stopped answering. `code` tells which (see below). */
export class GameEnvError extends AutomemError {
  /** The environment id (`nethack`, `crawl`, ...). */
  readonly env: string;
  /**
   * Builds the error. Codes: `game_unavailable` (binary or namespace support missing),
   * `game_timeout` (no settled screen: no progress within the bound), `game_exited` (the process is gone),
   * `game_option` (a bad option value), `game_state` (a call in the wrong state).
   */
  constructor(env: string, code: string, message: string, options: { cause?: unknown } = {}) {
    super(code, `${env}: ${message}`, options);
    this.name = "GameEnvError";
    this.env = env;
  }
}
