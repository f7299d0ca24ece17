/**
 * The one {@linkcode GameEnv} for every game played through a pty. A game supplies its rules
 * (action keys, how to start a seeded game, how to read its screen, how to quit) and a fresh
 * episode tracker per reset; this class does the rest the same way for all of them: typing an
 * action, settling, dismissing `--More--` pages into the message, truncation, the end of a game,
 * and a clean quit (kill when that fails).
 *
 * @module
 */
import { GameEnvError } from "./game_errors.ts";
import type { GameEnv, GameObservation, GameOptions, GameStep } from "./game_port.ts";
import { PtyProcess, type PtySpawnOptions } from "./pty/pty_process.ts";
import type { Cursor } from "./pty/screen.ts";

/** One action: the keys it types and what it does (shown to the agent). */
export interface KeyAction {
  readonly keys: string;
  readonly description: string;
}

/** What one episode of a game tracks (progression, message history, ...). */
export interface GameEpisode {
  /** Reads a settled screen; `inPlay` is false for screens without the game's status. */
  observe(
    lines: readonly string[],
    cursor: Cursor,
    pages: readonly string[],
  ): { observation: GameObservation; inPlay: boolean };
  /** Progression so far, in [0, 1]. */
  progression(): number;
  /** Game-specific episode statistics. */
  stats(): Record<string, number | string>;
}

/** Everything that differs between pty games. */
export interface GameRules {
  readonly id: string;
  readonly actions: Readonly<Record<string, KeyAction>>;
  readonly defaultAction: string;
  readonly instructions: string;
  /** Keys typed in turn to quit; Enter follows until the game exits. */
  readonly quitKeys: readonly string[];
  /** Default bound on one settle (ms). */
  readonly settleTimeoutMs: number;
  /** How to start a game with this seed; `tag` marks its processes. */
  spawnOptions(seed: number, tag: string): PtySpawnOptions;
  /** The text of a pending "more" prompt on screen, or undefined. */
  morePage(lines: readonly string[]): string | undefined;
  /** A fresh tracker for a new episode. */
  newEpisode(): GameEpisode;
}

/** Options of a pty game environment. */
export interface PtyGameOptions extends GameOptions {
  /** Bound on one settle (ms); a game that does not answer in time is an error. */
  readonly settleTimeoutMs?: number;
  /**
   * Prefix of the `AUTOMEM_GAME_TAG` variable of this environment's processes (`<prefix>.<n>`),
   * so leak checks find exactly its games; default: this process's pid.
   */
  readonly processTag?: string;
}

const MAX_MORE_PAGES = 32;
const MAX_QUIT_KEYS = 12;
let gameCounter = 0;

/** A game environment over a pty game. */
export class PtyGameEnv implements GameEnv {
  readonly id: string;
  readonly actions: readonly string[];
  readonly defaultAction: string;
  readonly #rules: GameRules;
  readonly #maxSteps: number | undefined;
  readonly #timeout: number;
  readonly #tag: string;
  #pty: PtyProcess | undefined;
  /** The close in progress (or the last one), awaited by every later `close()`. */
  #closing: Promise<void> = Promise.resolve();
  #episode: GameEpisode;
  #seed = -1;
  #steps = 0;
  #last: GameObservation | undefined;
  #end = "none";
  #signal: AbortSignal | undefined;

  /** Builds the environment; no game runs until {@linkcode PtyGameEnv.reset}. */
  constructor(rules: GameRules, options: PtyGameOptions = {}) {
    this.id = rules.id;
    this.actions = Object.keys(rules.actions);
    this.defaultAction = rules.defaultAction;
    this.#rules = rules;
    this.#maxSteps = options.maxSteps;
    this.#timeout = options.settleTimeoutMs ?? rules.settleTimeoutMs;
    this.#tag = options.processTag ?? String(Deno.pid);
    this.#episode = rules.newEpisode();
    // Aborting (e.g. Ctrl-C in the CLI) ends the running game; the next call then fails cleanly.
    this.#signal = options.signal;
    options.signal?.addEventListener("abort", () => void this.close(), { once: true });
  }

  instructionPrompt(): string {
    return this.#rules.instructions;
  }

  async reset(seed: number): Promise<GameObservation> {
    await this.close();
    this.#seed = seed;
    this.#steps = 0;
    this.#end = "running";
    this.#last = undefined;
    this.#episode = this.#rules.newEpisode();
    const tag = `${this.#tag}.${++gameCounter}`;
    // After an abort no new game may start: nothing would close it.
    if (this.#signal?.aborted) {
      throw new GameEnvError(this.id, "game_closed", "the game was stopped before it started");
    }
    const pty = PtyProcess.spawn(this.#rules.spawnOptions(seed, tag));
    this.#pty = pty;
    const alive = await pty.settle({ consumed: false, timeoutMs: this.#timeout });
    this.#checkOpen(pty);
    if (!alive) {
      const err = pty.stderr.trim();
      await this.close();
      throw new GameEnvError(
        this.id,
        "game_exited",
        `the game ended at start${err ? `: ${err}` : ""}`,
      );
    }
    return (await this.#observe(pty)).observation;
  }

  async step(action: string): Promise<GameStep> {
    const pty = this.#pty;
    if (pty === undefined || this.#end !== "running") {
      throw new GameEnvError(
        this.id,
        "game_state",
        "step() before reset() or after the episode ended",
      );
    }
    const valid = Object.hasOwn(this.#rules.actions, action);
    const executed = valid ? action : this.defaultAction;
    this.#steps++;
    await pty.send(this.#rules.actions[executed].keys);
    const alive = await pty.settle({ consumed: true, timeoutMs: this.#timeout });
    this.#checkOpen(pty);
    const { observation, ended } = alive
      ? await this.#observe(pty)
      : { observation: this.#ended([]), ended: true };
    const truncated = !ended && this.#maxSteps !== undefined && this.#steps >= this.#maxSteps;
    if (ended) this.#end = "ended";
    if (truncated) this.#end = "truncated";
    if (ended || truncated) await this.close();
    return { observation, reward: 0, terminated: ended, truncated, executed, valid };
  }

  /** A step whose game was closed meanwhile (an abort, Ctrl-C) ends with a clear error. */
  #checkOpen(pty: PtyProcess): void {
    if (this.#pty === pty) return;
    throw new GameEnvError(this.id, "game_closed", "the game was closed while a step was running");
  }

  /** Reads the settled screen, dismissing "more" pages (their text joins the message). */
  async #observe(pty: PtyProcess): Promise<{ observation: GameObservation; ended: boolean }> {
    const pages: string[] = [];
    for (let i = 0; i < MAX_MORE_PAGES; i++) {
      const page = this.#rules.morePage(pty.screen.lines());
      if (page === undefined) break;
      pages.push(page);
      await pty.send("\r");
      const alive = await pty.settle({ consumed: true, timeoutMs: this.#timeout });
      this.#checkOpen(pty);
      if (!alive) return { observation: this.#ended(pages), ended: true };
    }
    const { observation, inPlay } = this.#episode.observe(
      pty.screen.lines(),
      pty.screen.cursor(),
      pages,
    );
    if (inPlay) this.#last = observation;
    return { observation, ended: false };
  }

  /** The observation after the game ended: the last map and status, with the final messages. */
  #ended(pages: readonly string[]): GameObservation {
    const message = pages.filter((p) => p !== "").join(" ");
    const last = this.#last;
    if (last === undefined) {
      return { text: `message:\n${message}\n`, message, map: [], status: [], stats: {} };
    }
    const text = last.text.replace(/^message:\n.*\n/, () => `message:\n${message}\n`);
    return { ...last, message, text };
  }

  progression(): number {
    return this.#episode.progression();
  }

  stats(): Readonly<Record<string, number | string>> {
    return {
      seed: this.#seed,
      steps: this.#steps,
      turn: this.#last?.stats.turn ?? 0,
      ...this.#episode.stats(),
      progression: this.#episode.progression(),
      end: this.#end,
    };
  }

  /**
   * Quits the game cleanly (the game's quit keys, then Enter until it exits), else kills it. A
   * call while an earlier close (e.g. the abort listener's) is still running waits for that one,
   * so a caller that awaits `close()` never returns while the game is still being stopped.
   */
  close(): Promise<void> {
    const pty = this.#pty;
    if (pty === undefined) return this.#closing;
    this.#pty = undefined;
    this.#closing = this.#shut(pty);
    return this.#closing;
  }

  async #shut(pty: PtyProcess): Promise<void> {
    try {
      for (let i = 0; i < MAX_QUIT_KEYS && pty.exitCode === undefined; i++) {
        await pty.send(this.#rules.quitKeys[i] ?? "\r");
        if (!(await pty.settle({ consumed: true, timeoutMs: this.#timeout }))) break;
      }
    } catch {
      // A game that will not quit is ended by signal below.
    }
    await pty.kill();
  }
}
