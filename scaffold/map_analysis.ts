/**
 * Map analysis around `@` over a game's map rows with NetHack's conventions: `@` the player,
 * `>` `<` stairs, `.` floor, `#` corridor, `+` door, `|` `-` walls, blank rock or unseen,
 * letters monsters, other glyphs items. Works on real NetHack screens and the tiny game alike.
 *
 * @module
 */
import type { GameObservation } from "../bench/games/game_port.ts";

/** The eight directions, in a fixed order, with their offsets. */
export const DIRECTIONS = [
  ["north", 0, -1],
  ["south", 0, 1],
  ["east", 1, 0],
  ["west", -1, 0],
  ["northeast", 1, -1],
  ["northwest", -1, -1],
  ["southeast", 1, 1],
  ["southwest", -1, 1],
] as const;

/** A direction name. */
export type Direction = typeof DIRECTIONS[number][0];

/** The opposite of each direction. */
export const OPPOSITE: Record<Direction, Direction> = {
  north: "south",
  south: "north",
  east: "west",
  west: "east",
  northeast: "southwest",
  southwest: "northeast",
  northwest: "southeast",
  southeast: "northwest",
};

/** What a map glyph is. */
export type TileKind =
  | "floor"
  | "corridor"
  | "door"
  | "wall"
  | "stairs_down"
  | "stairs_up"
  | "rock"
  | "monster"
  | "item";

/** Classifies one glyph. */
export function tileKind(ch: string): TileKind {
  if (ch === ".") return "floor";
  if (ch === "#") return "corridor";
  if (ch === "+") return "door";
  if (ch === "|" || ch === "-") return "wall";
  if (ch === ">") return "stairs_down";
  if (ch === "<") return "stairs_up";
  if (ch === " " || ch === "") return "rock";
  if (/[A-Za-z@&':;]/.test(ch)) return "monster";
  return "item";
}

/** True when the player can normally step onto a tile of this kind. */
export function passable(kind: TileKind): boolean {
  return kind !== "wall" && kind !== "rock" && kind !== "monster";
}

/** One neighbour of `@`. */
export interface Neighbour {
  dir: Direction;
  x: number;
  y: number;
  ch: string;
  kind: TileKind;
  passable: boolean;
}

/** The analysis of one screen. */
export interface MapAnalysis {
  position?: { x: number; y: number };
  neighbours: Neighbour[];
  /** Every `>` on the map. */
  stairsDown: { x: number; y: number }[];
  /** The player stands on a down staircase (from the message line). */
  onStairsDown: boolean;
  /** Where `@` is on the screen, when the view has scrolled away from the level's origin. */
  screen?: { x: number; y: number };
  /** Dungeon level (from stats `depth`/`dlvl` or a `Dlvl:` status field), 1 when unknown. */
  depth: number;
}

/** Finds `@` on the map (the observation's position wins when given). */
export function findPlayer(obs: GameObservation): { x: number; y: number } | undefined {
  if (obs.position) return obs.position;
  for (let y = 0; y < obs.map.length; y++) {
    const x = obs.map[y].indexOf("@");
    if (x >= 0) return { x, y };
  }
  return undefined;
}

/** Dungeon level of an observation. */
export function depthOf(obs: GameObservation): number {
  const s = obs.stats;
  const v = s.depth ?? s.dlvl ?? s.Dlvl;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  const m = obs.status.join(" ").match(/Dlvl:\s*(\d+)/) ?? obs.text.match(/Dlvl:\s*(\d+)/);
  return m ? Number(m[1]) : 1;
}

/**
 * Where the screen's top-left cell is on the level (`view_x`/`view_y` from a game whose view
 * scrolls with the player, such as Crawl); zero for games that show the whole level.
 */
function viewOrigin(obs: GameObservation): { x: number; y: number } {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return { x: n(obs.stats.view_x), y: n(obs.stats.view_y) };
}

/** Analyses the screen around `@`; coordinates are level coordinates. */
export function analyseMap(obs: GameObservation): MapAnalysis {
  const screen = findPlayer(obs);
  const o = viewOrigin(obs);
  const at = (x: number, y: number) => obs.map[y]?.[x] ?? " ";
  const neighbours: Neighbour[] = [];
  if (screen) {
    for (const [dir, dx, dy] of DIRECTIONS) {
      const x = screen.x + dx, y = screen.y + dy;
      const ch = at(x, y);
      const kind = tileKind(ch);
      neighbours.push({ dir, x: x + o.x, y: y + o.y, ch, kind, passable: passable(kind) });
    }
  }
  const stairsDown: { x: number; y: number }[] = [];
  obs.map.forEach((row, y) => {
    for (let x = row.indexOf(">"); x >= 0; x = row.indexOf(">", x + 1)) {
      stairsDown.push({ x: x + o.x, y: y + o.y });
    }
  });
  // Crawl's escape hatch is a one-way way down, taken like stairs.
  const onStairsDown =
    /staircase (?:leading )?down here|stairs? down here|escape hatch in the floor here/i.test(
      obs.message,
    );
  const position = screen ? { x: screen.x + o.x, y: screen.y + o.y } : undefined;
  const scrolled = screen && (o.x !== 0 || o.y !== 0) ? { screen } : {};
  return { position, neighbours, stairsDown, onStairsDown, depth: depthOf(obs), ...scrolled };
}

function relative(dx: number, dy: number): string {
  const parts: string[] = [];
  if (dy) parts.push(`${Math.abs(dy)} ${dy < 0 ? "north" : "south"}`);
  if (dx) parts.push(`${Math.abs(dx)} ${dx > 0 ? "east" : "west"}`);
  return parts.join(", ") || "here";
}

/** The analysis as prompt text (fixed line shapes, one fact per line). */
export function mapAnalysisText(a: MapAnalysis): string {
  if (!a.position) return "player '@' not found on the map";
  const lines = [`position: (${a.position.x},${a.position.y}) level: ${a.depth}`];
  if (a.screen) lines.push(`on screen at: (${a.screen.x},${a.screen.y})`);
  if (a.onStairsDown) lines.push("standing on: stairs down '>'");
  for (const n of a.neighbours) {
    lines.push(
      `${n.dir}: (${n.x},${n.y}) '${n.ch}' ${n.kind} ${n.passable ? "passable" : "blocked"}`,
    );
  }
  for (const s of a.stairsDown) {
    lines.push(
      `stairs down '>' seen at (${s.x},${s.y}): ${
        relative(s.x - a.position.x, s.y - a.position.y)
      }`,
    );
  }
  return lines.join("\n");
}

/** The direction whose step brings `from` closest to `to` (Chebyshev moves). */
export function stepToward(
  from: { x: number; y: number },
  to: { x: number; y: number },
): Direction | undefined {
  const dx = Math.sign(to.x - from.x), dy = Math.sign(to.y - from.y);
  return DIRECTIONS.find(([, ddx, ddy]) => ddx === dx && ddy === dy)?.[0];
}
