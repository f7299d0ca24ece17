/**
 * NetHack 3.6.6 as a {@linkcode GameEnv}: one seeded game per episode under a pty, `--More--`
 * pages dismissed and kept in the message, BALROG's observation, action words and progression.
 *
 * @module
 */
import { GameEnvError } from "../game_errors.ts";
import type { GameEnv, GameObservation, GameOptions, GameStep } from "../game_port.ts";
import { PtyProcess } from "../pty/pty_process.ts";
import {
  NETHACK_ACTION_NAMES,
  NETHACK_ACTIONS,
  NETHACK_DEFAULT_ACTION,
  nethackInstructions,
} from "./nethack_actions.ts";
import { isRoot, nethackSpawnOptions, nethackUnavailableReason } from "./nethack_launch.ts";
import {
  loadProgressionTable,
  NethackProgress,
  type ProgressionTable,
} from "./nethack_progression.ts";
import { morePage, nethackObservation } from "./nethack_screen.ts";

/** Options of the NetHack environment. */
export interface NethackEnvOptions extends GameOptions {
  /** BALROG's `achievements.json` (default: `<repo>/../shared/data/balrog/achievements.json`). */
  readonly achievementsUrl?: URL | string;
  /** Bound on one settle (ms); a game that does not answer in time ends the episode. */
  readonly settleTimeoutMs?: number;
}

const MAX_MORE_PAGES = 32;
let gameCounter = 0;

/** Builds a NetHack environment; throws `game_unavailable` when the game cannot run here. */
export async function createNethackEnv(options: NethackEnvOptions = {}): Promise<GameEnv> {
  const reason = nethackUnavailableReason();
  if (reason !== undefined) throw new GameEnvError("nethack", "game_unavailable", reason);
  const table = await loadProgressionTable(options.achievementsUrl);
  return new NethackEnv(options, table);
}

class NethackEnv implements GameEnv {
  readonly id = "nethack";
  readonly actions = NETHACK_ACTION_NAMES;
  readonly defaultAction = NETHACK_DEFAULT_ACTION;
  readonly #options: NethackEnvOptions;
  readonly #table: ProgressionTable;
  readonly #timeout: number;
  #pty: PtyProcess | undefined;
  #progress: NethackProgress;
  #seed = -1;
  #steps = 0;
  #last: GameObservation | undefined;
  #end = "none";

  constructor(options: NethackEnvOptions, table: ProgressionTable) {
    this.#options = options;
    this.#table = table;
    // Aborting (e.g. Ctrl-C in the CLI) ends the running game; the next call then fails cleanly.
    options.signal?.addEventListener("abort", () => void this.close(), { once: true });
    this.#timeout = options.settleTimeoutMs ?? 5000;
    this.#progress = new NethackProgress(table);
  }

  instructionPrompt(): string {
    return nethackInstructions();
  }

  async reset(seed: number): Promise<GameObservation> {
    await this.close();
    this.#seed = seed;
    this.#steps = 0;
    this.#end = "running";
    this.#progress = new NethackProgress(this.#table);
    const tag = `${Deno.pid}.${++gameCounter}`;
    this.#pty = PtyProcess.spawn(nethackSpawnOptions(seed, tag, !isRoot()));
    const alive = await this.#pty.settle({ consumed: false, timeoutMs: this.#timeout });
    if (!alive) {
      const err = this.#pty.stderr.trim();
      await this.close();
      throw new GameEnvError(
        "nethack",
        "game_exited",
        `the game ended at start${err ? `: ${err}` : ""}`,
      );
    }
    const { observation } = await this.#observe();
    return observation;
  }

  async step(action: string): Promise<GameStep> {
    const pty = this.#pty;
    if (pty === undefined || this.#end !== "running") {
      throw new GameEnvError(
        "nethack",
        "game_state",
        "step() before reset() or after the episode ended",
      );
    }
    const valid = Object.hasOwn(NETHACK_ACTIONS, action);
    const executed = valid ? action : this.defaultAction;
    this.#steps++;
    await pty.send(NETHACK_ACTIONS[executed].keys);
    const alive = await pty.settle({ consumed: true, timeoutMs: this.#timeout });
    const { observation, ended } = alive
      ? await this.#observe()
      : { observation: this.#ended([]), ended: true };
    const truncated = !ended && this.#options.maxSteps !== undefined &&
      this.#steps >= this.#options.maxSteps;
    if (ended) this.#end = "ended";
    if (truncated) this.#end = "truncated";
    if (ended || truncated) await this.close();
    return { observation, reward: 0, terminated: ended, truncated, executed, valid };
  }

  /** Reads the settled screen, dismissing `--More--` pages (their text joins the message). */
  async #observe(): Promise<{ observation: GameObservation; ended: boolean }> {
    const pty = this.#pty!;
    const pages: string[] = [];
    for (let i = 0; i < MAX_MORE_PAGES; i++) {
      const page = morePage(pty.screen.lines());
      if (page === undefined) break;
      pages.push(page);
      await pty.send("\r");
      if (!(await pty.settle({ consumed: true, timeoutMs: this.#timeout }))) {
        return { observation: this.#ended(pages), ended: true };
      }
    }
    const observation = nethackObservation(pty.screen.lines(), pty.screen.cursor(), pages);
    if (observation.status[1].includes("Dlvl:") || observation.status[1].includes("Home ")) {
      this.#progress.update(observation.stats.depth, observation.stats.xl);
      this.#last = observation;
    }
    return { observation, ended: false };
  }

  /** The observation after the game ended: the last map and status, with the final messages. */
  #ended(pages: readonly string[]): GameObservation {
    const last = this.#last;
    const message = pages.filter((p) => p !== "").join(" ");
    if (last === undefined) {
      return { text: `message:\n${message}\n`, message, map: [], status: [], stats: {} };
    }
    return {
      ...last,
      message,
      text: last.text.replace(/^message:\n.*\n/, `message:\n${message}\n`),
    };
  }

  progression(): number {
    return this.#progress.progression;
  }

  stats(): Readonly<Record<string, number | string>> {
    const s = this.#last?.stats ?? {};
    const { depth, xl } = this.#progress.maxima;
    return {
      seed: this.#seed,
      steps: this.#steps,
      depth: s.depth ?? 1,
      max_depth: depth,
      max_xl: xl,
      turn: s.turn ?? 0,
      gold: s.gold ?? 0,
      progression: this.#progress.progression,
      highest_achievement: this.#progress.highest ?? "",
      progression_table: this.#table.source,
      end: this.#end,
    };
  }

  /** Quits the game cleanly (Esc, `#quit`, `y`, Enter until it exits); kills it if that fails. */
  async close(): Promise<void> {
    const pty = this.#pty;
    if (pty === undefined) return;
    this.#pty = undefined;
    if (pty.exitCode === undefined) {
      try {
        await quit(pty, this.#timeout);
      } catch {
        // Fall through to the kill below: a game that will not quit is ended by signal.
      }
    }
    await pty.kill();
  }
}

async function quit(pty: PtyProcess, timeoutMs: number): Promise<void> {
  const keys = ["\x1b\x1b#quit\r", "y"];
  for (let i = 0; i < 12 && pty.exitCode === undefined; i++) {
    await pty.send(keys[i] ?? "\r");
    if (!(await pty.settle({ consumed: true, timeoutMs }))) return;
  }
}
