/**
 * Dungeon Crawl Stone Soup 0.28 as a {@linkcode GameEnv}: one seeded game per episode under a
 * pty, `--more--` pages dismissed into the message, progression by depth, XL and runes.
 *
 * @module
 */
import { GameEnvError } from "../game_errors.ts";
import type { GameEnv, GameObservation, GameOptions, GameStep } from "../game_port.ts";
import { PtyProcess } from "../pty/pty_process.ts";
import {
  CRAWL_ACTION_NAMES,
  CRAWL_ACTIONS,
  CRAWL_DEFAULT_ACTION,
  crawlInstructions,
} from "./crawl_actions.ts";
import { crawlSpawnOptions, crawlUnavailableReason, defaultCrawlCacheDir } from "./crawl_launch.ts";
import { CrawlProgress } from "./crawl_progression.ts";
import { crawlMorePage, crawlObservation, crawlPlace, messageRows } from "./crawl_screen.ts";
import { ensureCrawlTemplate } from "./crawl_template.ts";

/** Options of the Crawl environment. */
export interface CrawlEnvOptions extends GameOptions {
  /** Where the compiled level-data template is kept (default under `/var/tmp`). */
  readonly crawlCacheDir?: string;
  /** Bound on one settle (ms). */
  readonly settleTimeoutMs?: number;
}

const MAX_MORE_PAGES = 32;
let gameCounter = 0;

/** Builds a Crawl environment (building the level-data template on first use). */
export async function createCrawlEnv(options: CrawlEnvOptions = {}): Promise<GameEnv> {
  const reason = crawlUnavailableReason();
  if (reason !== undefined) throw new GameEnvError("crawl", "game_unavailable", reason);
  const template = await ensureCrawlTemplate(options.crawlCacheDir ?? defaultCrawlCacheDir());
  return new CrawlEnv(options, template);
}

class CrawlEnv implements GameEnv {
  readonly id = "crawl";
  readonly actions = CRAWL_ACTION_NAMES;
  readonly defaultAction = CRAWL_DEFAULT_ACTION;
  readonly #options: CrawlEnvOptions;
  readonly #template: string;
  readonly #timeout: number;
  #pty: PtyProcess | undefined;
  #progress = new CrawlProgress();
  #seed = -1;
  #steps = 0;
  #last: GameObservation | undefined;
  #place = "";
  #rows: string[] = [];
  #end = "none";

  constructor(options: CrawlEnvOptions, template: string) {
    this.#options = options;
    this.#template = template;
    // Aborting (e.g. Ctrl-C in the CLI) ends the running game; the next call then fails cleanly.
    options.signal?.addEventListener("abort", () => void this.close(), { once: true });
    this.#timeout = options.settleTimeoutMs ?? 15_000;
  }

  instructionPrompt(): string {
    return crawlInstructions();
  }

  async reset(seed: number): Promise<GameObservation> {
    await this.close();
    this.#seed = seed;
    this.#steps = 0;
    this.#end = "running";
    this.#place = "";
    this.#rows = [];
    this.#last = undefined;
    this.#progress = new CrawlProgress();
    const tag = `${Deno.pid}.c${++gameCounter}`;
    const rootless = Deno.uid() !== 0;
    this.#pty = PtyProcess.spawn(crawlSpawnOptions(seed, tag, this.#template, rootless));
    const alive = await this.#pty.settle({ consumed: false, timeoutMs: this.#timeout });
    if (!alive) {
      const err = this.#pty.stderr.trim();
      await this.close();
      throw new GameEnvError(
        "crawl",
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
        "crawl",
        "game_state",
        "step() before reset() or after the episode ended",
      );
    }
    const valid = Object.hasOwn(CRAWL_ACTIONS, action);
    const executed = valid ? action : this.defaultAction;
    this.#steps++;
    await pty.send(CRAWL_ACTIONS[executed].keys);
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

  async #observe(): Promise<{ observation: GameObservation; ended: boolean }> {
    const pty = this.#pty!;
    const pages: string[] = [];
    for (let i = 0; i < MAX_MORE_PAGES; i++) {
      const page = crawlMorePage(pty.screen.lines());
      if (page === undefined) break;
      pages.push(page);
      this.#progress.update(undefined, undefined, "", page);
      await pty.send("\r");
      if (!(await pty.settle({ consumed: true, timeoutMs: this.#timeout }))) {
        return { observation: this.#ended(pages), ended: true };
      }
    }
    const lines = pty.screen.lines();
    const observation = crawlObservation(lines, pty.screen.cursor(), pages, this.#rows);
    this.#rows = messageRows(lines);
    const place = crawlPlace(observation.status);
    if (place !== "") {
      this.#place = place;
      this.#last = observation;
    }
    const fresh = observation.message.slice(pages.join(" ").length);
    this.#progress.update(observation.stats.depth, observation.stats.xl, place, fresh);
    return { observation, ended: false };
  }

  #ended(pages: readonly string[]): GameObservation {
    const message = pages.filter((p) => p !== "").join(" ");
    const last = this.#last;
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
    const m = this.#progress.maxima;
    return {
      seed: this.#seed,
      steps: this.#steps,
      place: this.#place,
      max_depth: m.depth,
      max_xl: m.xl,
      runes: m.runes,
      places: m.places,
      turn: s.turn ?? 0,
      progression: this.#progress.progression,
      end: this.#end,
    };
  }

  /** Quits cleanly (Ctrl-Q, `yes`, Enter until the game exits); kills it if that fails. */
  async close(): Promise<void> {
    const pty = this.#pty;
    if (pty === undefined) return;
    this.#pty = undefined;
    if (pty.exitCode === undefined) {
      try {
        const keys = ["\x1b\x1b\x11", "yes\r"];
        for (let i = 0; i < 10 && pty.exitCode === undefined; i++) {
          await pty.send(keys[i] ?? "\r");
          if (!(await pty.settle({ consumed: true, timeoutMs: this.#timeout }))) break;
        }
      } catch {
        // A game that will not quit is ended by signal below.
      }
    }
    await pty.kill();
  }
}
