/**
 * Dungeon Crawl Stone Soup 0.28 as a {@linkcode GameEnv}: the rules the shared pty game
 * environment needs — action words, a seeded game from the compiled template, the side panel
 * and new messages, progression by depth, XL and runes, and the quit sequence.
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
import { CRAWL_ACTIONS, CRAWL_DEFAULT_ACTION, crawlInstructions } from "./crawl_actions.ts";
import { crawlSpawnOptions, crawlUnavailableReason, defaultCrawlCacheDir } from "./crawl_launch.ts";
import { CrawlProgress } from "./crawl_progression.ts";
import {
  crawlMorePage,
  crawlObservation,
  crawlPlace,
  messageRows,
  newMessages,
} from "./crawl_screen.ts";
import { ensureCrawlTemplate } from "./crawl_template.ts";
import { ViewTracker } from "./crawl_view.ts";

/** Options of the Crawl environment. */
export interface CrawlEnvOptions extends PtyGameOptions {
  /** Where the compiled level-data template is kept (default under `/var/tmp`). */
  readonly crawlCacheDir?: string;
}

/** Builds a Crawl environment (building the level-data template on first use). */
export async function createCrawlEnv(options: CrawlEnvOptions = {}): Promise<GameEnv> {
  const reason = crawlUnavailableReason();
  if (reason !== undefined) throw new GameEnvError("crawl", "game_unavailable", reason);
  const template = await ensureCrawlTemplate(options.crawlCacheDir ?? defaultCrawlCacheDir());
  return new PtyGameEnv(crawlRules(template, Deno.uid() !== 0), options);
}

/** Crawl's rules for the pty game environment, starting games from `template`. */
export function crawlRules(template: string, rootless: boolean): GameRules {
  return {
    id: "crawl",
    actions: CRAWL_ACTIONS,
    defaultAction: CRAWL_DEFAULT_ACTION,
    instructions: crawlInstructions(),
    quitKeys: ["\x1b\x1b\x11", "yes\r"],
    settleTimeoutMs: 15_000,
    spawnOptions: (seed, tag) => crawlSpawnOptions(seed, tag, template, rootless),
    morePage: crawlMorePage,
    newEpisode: crawlEpisode,
  };
}

function crawlEpisode(): GameEpisode {
  const progress = new CrawlProgress();
  let rows: string[] = [];
  let place = "";
  const view = new ViewTracker();
  return {
    observe(lines, cursor, pages) {
      const seen = crawlObservation(lines, cursor, pages, rows);
      // Runes count from the new message rows only: a dismissed page stays in the message area.
      const fresh = newMessages(rows, messageRows(lines)).join(" ");
      rows = messageRows(lines);
      const shown = crawlPlace(seen.status);
      if (shown !== "") place = shown;
      // The view follows the player: its origin turns screen cells into level cells.
      const origin = view.update(seen.map, place);
      const observation = { ...seen, stats: { ...seen.stats, view_x: origin.x, view_y: origin.y } };
      progress.update(seen.stats.depth, seen.stats.xl, shown, fresh);
      return { observation, inPlay: shown !== "" };
    },
    progression: () => progress.progression,
    stats() {
      const m = progress.maxima;
      return {
        place,
        max_depth: m.depth,
        max_xl: m.xl,
        runes: m.runes,
        places: m.places,
      };
    },
  };
}
