/**
 * Reads a NetHack tty screen (80x24) the way BALROG's observation shows it: row 0 is the
 * message line, rows 1-21 the map, rows 22-23 the two status lines. Numbers are parsed from the
 * status lines; the hero's position is the cursor when it rests on `@`.
 *
 * @module
 */
import type { GameObservation } from "../game_port.ts";
import type { Cursor } from "../pty/screen.ts";

/** First and last map rows on the terminal. */
export const MAP_FIRST_ROW = 1;
export const MAP_LAST_ROW = 21;

/** Parses NetHack's two bottom lines into named numbers. */
export function parseNethackStatus(line1: string, line2: string): Record<string, number> {
  const stats: Record<string, number> = {};
  const num = (key: string, re: RegExp, text: string) => {
    const m = re.exec(text);
    if (m) stats[key] = Number(m[1]);
  };
  num("str", /St:(\d+)/, line1);
  num("dex", /Dx:(\d+)/, line1);
  num("con", /Co:(\d+)/, line1);
  num("int", /In:(\d+)/, line1);
  num("wis", /Wi:(\d+)/, line1);
  num("cha", /Ch:(\d+)/, line1);
  num("depth", /Dlvl:(\d+)/, line2);
  num("gold", /\$:(\d+)/, line2);
  num("hp", /HP:(-?\d+)\(/, line2);
  num("max_hp", /HP:-?\d+\((\d+)\)/, line2);
  num("pw", /Pw:(\d+)\(/, line2);
  num("max_pw", /Pw:\d+\((\d+)\)/, line2);
  num("ac", /AC:(-?\d+)/, line2);
  num("xl", /(?:Xp|HD):(\d+)/, line2);
  num("exp", /Xp:\d+\/(\d+)/, line2);
  num("turn", /T:(\d+)/, line2);
  return stats;
}

/** Where `@` is on the map (map coordinates: row 0 is terminal row 1). */
export function heroPosition(
  lines: readonly string[],
  cursor: Cursor,
): { x: number; y: number } | undefined {
  const onMap = (y: number) => y >= MAP_FIRST_ROW && y <= MAP_LAST_ROW;
  if (onMap(cursor.y) && lines[cursor.y]?.[cursor.x] === "@") {
    return { x: cursor.x, y: cursor.y - MAP_FIRST_ROW };
  }
  for (let y = MAP_FIRST_ROW; y <= MAP_LAST_ROW; y++) {
    const x = lines[y]?.indexOf("@") ?? -1;
    if (x >= 0) return { x, y: y - MAP_FIRST_ROW };
  }
  return undefined;
}

/**
 * Builds the observation from the settled screen. `messages` are the `--More--` pages dismissed
 * on the way here; they come first in the message, as one text.
 */
export function nethackObservation(
  lines: readonly string[],
  cursor: Cursor,
  messages: readonly string[],
): GameObservation {
  const map = lines.slice(MAP_FIRST_ROW, MAP_LAST_ROW + 1);
  const status = [lines[22] ?? "", lines[23] ?? ""];
  const message = [...messages, lines[0].trim()].filter((m) => m !== "").join(" ");
  const position = heroPosition(lines, cursor);
  const stats = parseNethackStatus(status[0], status[1]);
  const text = [
    `message:\n${message}\n`,
    `cursor:\n(x=${cursor.x}, y=${cursor.y})\n`,
    `map:\n${lines.slice(MAP_FIRST_ROW).join("\n")}\n`,
  ].join("\n");
  return { text, message, map, status, ...(position ? { position } : {}), stats };
}

/** Text shown with `--More--` on screen, or undefined. Full-screen pages join their lines. */
export function morePage(lines: readonly string[]): string | undefined {
  const row = lines.findIndex((l) => l.includes("--More--"));
  if (row < 0) return undefined;
  if (row === 0) return lines[0].replace("--More--", "").trim();
  // A text window (top-left or a right-hand overlay): keep its non-map text rows.
  const col = lines[row].indexOf("--More--");
  const page: string[] = [];
  for (let y = 0; y < row; y++) {
    const text = (lines[y] ?? "").slice(col).trim();
    if (text !== "") page.push(text);
  }
  return page.join(" ");
}
