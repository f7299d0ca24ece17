/**
 * The game port: a seeded, text-only, turn-based environment in BALROG's shape. Real games
 * (NetHack, Dungeon Crawl) and the tiny built-in test game implement it; the two-phase memory
 * agent, scaffold evolution and the `search` game benchmarks only see this interface.
 *
 * @module
 */

/** One observation, as the agent is shown it. */
export interface GameObservation {
  /** Everything the agent sees this step, as one text (message, map, status). */
  readonly text: string;
  /** The message line(s), including any `--More--` text that was dismissed to get here. */
  readonly message: string;
  /** Map rows, top to bottom (empty for games without a map). */
  readonly map: readonly string[];
  /** Status lines (e.g. NetHack's two bottom lines, Crawl's side panel). */
  readonly status: readonly string[];
  /** The player's position on `map` (column x, row y), when the game shows it. */
  readonly position?: { readonly x: number; readonly y: number };
  /** Numbers parsed from the status (e.g. `depth`, `xl`, `hp`, `turn`); names are per game. */
  readonly stats: Readonly<Record<string, number>>;
}

/** The result of one action. */
export interface GameStep {
  readonly observation: GameObservation;
  /** Reward of this step (0 where the game has none). */
  readonly reward: number;
  /** The episode ended by the game (death, quit, win). */
  readonly terminated: boolean;
  /** The episode was cut (step cap, no-progress abort). */
  readonly truncated: boolean;
  /** The action that was actually executed (the default action when the given one was invalid). */
  readonly executed: string;
  /** False when the given action was not in the vocabulary and the default ran instead. */
  readonly valid: boolean;
}

/** A running game. One instance plays one episode at a time; `reset` starts the next. */
export interface GameEnv {
  /** Environment id, e.g. `nethack`, `crawl`, `tiny`. */
  readonly id: string;
  /** The action vocabulary (words such as `north`, `search`, `down`). */
  readonly actions: readonly string[];
  /** What runs when an action is invalid. */
  readonly defaultAction: string;
  /** The game's instruction text for the agent (rules, action list). */
  instructionPrompt(): string;
  /** Starts a fresh episode; the same seed gives the same episode. */
  reset(seed: number): Promise<GameObservation>;
  /** Plays one action. */
  step(action: string): Promise<GameStep>;
  /** Episode progression so far, in [0, 1] (BALROG's definition for games that have one). */
  progression(): number;
  /** Episode statistics for results and reports (steps, depth reached, ...). */
  stats(): Readonly<Record<string, number | string>>;
  /** Ends the game and releases every process and file it holds. Safe to call twice. */
  close(): Promise<void>;
}

/** Options every game factory accepts. */
export interface GameOptions {
  /** Hard cap on steps per episode (the episode is truncated there). */
  readonly maxSteps?: number;
  readonly signal?: AbortSignal;
}

/** Builds a game environment. */
export type GameFactory = (options: GameOptions) => Promise<GameEnv>;
