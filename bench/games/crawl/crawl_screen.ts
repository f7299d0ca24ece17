/**
 * Reads a Dungeon Crawl console screen (80x24): the map view (top left), the side panel (right:
 * health, XL, place, time) and the message area (the bottom seven rows; older messages start
 * with `_`).
 *
 * @module
 */
import type { GameObservation } from "../game_port.ts";
import type { Cursor } from "../pty/screen.ts";

/** Rows of the map view; the message area follows. */
export const CRAWL_MAP_ROWS = 17;
const DEFAULT_PANEL_COL = 37;

/** The column where the side panel starts (where `Health:` is), or the 80-column default. */
export function panelColumn(lines: readonly string[]): number {
  for (const line of lines.slice(0, 6)) {
    const i = line.indexOf("Health:");
    if (i > 0) return i;
  }
  return DEFAULT_PANEL_COL;
}

/** Parses the side panel into named numbers (`depth` is set only on a Dungeon level). */
export function parseCrawlPanel(panel: readonly string[]): Record<string, number> {
  const text = panel.join("\n");
  const stats: Record<string, number> = {};
  const num = (key: string, re: RegExp) => {
    const m = re.exec(text);
    if (m) stats[key] = Number(m[1]);
  };
  num("hp", /Health:\s*(-?\d+)\//);
  num("max_hp", /Health:\s*-?\d+\/(\d+)/);
  num("mp", /Magic:\s*(\d+)\//);
  num("max_mp", /Magic:\s*\d+\/(\d+)/);
  num("ac", /AC:\s*(-?\d+)/);
  num("ev", /EV:\s*(-?\d+)/);
  num("str", /Str:\s*(\d+)/);
  num("int", /Int:\s*(\d+)/);
  num("dex", /Dex:\s*(\d+)/);
  num("xl", /XL:\s*(\d+)/);
  num("next_pct", /Next:\s*(\d+)%/);
  num("turn", /Time:\s*(\d+)/);
  num("depth", /Place:\s*Dungeon:(\d+)/);
  num("level", /Place:\s*\w[\w ]*?:(\d+)/);
  return stats;
}

/** The place shown on the panel (`Dungeon:3`, `Lair:1`, `Temple`), or "". */
export function crawlPlace(panel: readonly string[]): string {
  for (const line of panel) {
    const m = /Place:\s*(\S+(?: \S+)?)/.exec(line);
    if (m) return m[1].trim();
  }
  return "";
}

/** Where `@` is in the map view: the cursor when it rests on `@`, else the first `@`. */
export function crawlPosition(
  map: readonly string[],
  cursor: Cursor,
): { x: number; y: number } | undefined {
  if (map[cursor.y]?.[cursor.x] === "@") return { x: cursor.x, y: cursor.y };
  for (let y = 0; y < map.length; y++) {
    const x = map[y].indexOf("@");
    if (x >= 0) return { x, y };
  }
  return undefined;
}

/** The message area's non-blank rows, without Crawl's `_` mark of older turns. */
export function messageRows(lines: readonly string[]): string[] {
  return lines.slice(CRAWL_MAP_ROWS).map((l) => l.replace(/^_/, "").trim()).filter((l) => l !== "");
}

/**
 * The rows of `now` that were not shown in `before`: the message area scrolls up as messages
 * arrive, so the smallest shift that lines the old rows up with the new ones tells how many
 * are new (a repeated identical message can be under-counted; that is what the screen shows).
 */
export function newMessages(before: readonly string[], now: readonly string[]): string[] {
  for (let shift = 0; shift <= before.length; shift++) {
    const kept = before.slice(shift);
    if (kept.length <= now.length && kept.every((row, i) => row === now[i])) {
      return now.slice(kept.length);
    }
  }
  return [...now];
}

/**
 * Builds the observation. The message is the dismissed `--more--` pages, then the message rows
 * not shown in the previous observation (`previousRows`); the text shows the whole screen, so
 * menus and prompts that cover the map are seen as drawn.
 */
export function crawlObservation(
  lines: readonly string[],
  cursor: Cursor,
  pages: readonly string[],
  previousRows: readonly string[] = [],
): GameObservation {
  const col = panelColumn(lines);
  const map = lines.slice(0, CRAWL_MAP_ROWS).map((l) => l.slice(0, col).trimEnd());
  const status = lines.slice(0, CRAWL_MAP_ROWS).map((l) => l.slice(col).trim()).filter((l) =>
    l !== ""
  );
  const fresh = newMessages(previousRows, messageRows(lines));
  const message = [...pages, ...fresh].join(" ");
  const position = crawlPosition(map, cursor);
  const stats = parseCrawlPanel(status);
  const text = [`message:\n${message}\n`, `screen:\n${lines.join("\n")}\n`].join("\n");
  return { text, message, map, status, ...(position ? { position } : {}), stats };
}

/** The text of a `--more--` prompt on screen (the message rows above it), or undefined. */
export function crawlMorePage(lines: readonly string[]): string | undefined {
  const row = lines.findIndex((l) => l.includes("--more--"));
  if (row < 0) return undefined;
  const text = lines.slice(CRAWL_MAP_ROWS, row + 1).map((l) => l.replace("--more--", "").trim())
    .filter((l) => l !== "" && !l.startsWith("_"));
  return text.join(" ");
}
