/**
 * The map grid of a real game's screen as the PLAN prompt shows it (NetHack's `map:` block,
 * Crawl's `screen:` block left of the stats panel), and shortest walks over it: what a model
 * sees when it looks at the whole screen rather than at the eight neighbours of `@`. Used by the
 * offline player to walk to a visible `>` and to the nearest unexplored edge of the map.
 *
 * @module
 */
import { COMPASS_OFFSETS } from "../../bench/games/compass.ts";
import { CRAWL_MAP_ROWS, panelColumn } from "../../bench/games/crawl/crawl_screen.ts";
import { tileKind } from "../map_analysis.ts";

/** A parsed screen map: rows of glyphs in map coordinates, and the game's glyph rules. */
export interface ScreenGrid {
  game: "nethack" | "crawl";
  rows: string[];
  /** Columns of the map area. */
  width: number;
}

/** Rows of NetHack's map block. */
const NETHACK_ROWS = 21;

/** The screen's map grid, when the observation holds a real game's map block. */
export function screenGrid(prompt: string): ScreenGrid | undefined {
  const obs = prompt.split("=== CURRENT OBSERVATION ===")[1]?.split("=== MAP ANALYSIS ===")[0];
  if (!obs) return undefined;
  const nethack = obs.match(/^map:\n/m);
  if (nethack) {
    const rows = obs.slice(nethack.index! + nethack[0].length).split("\n").slice(0, NETHACK_ROWS);
    return { game: "nethack", rows, width: 80 };
  }
  const crawl = obs.match(/^screen:\n/m);
  if (crawl) {
    const lines = obs.slice(crawl.index! + crawl[0].length).split("\n");
    const panel = panelColumn(lines);
    const rows = lines.slice(0, CRAWL_MAP_ROWS).map((l) => l.slice(0, panel).trimEnd());
    // The view's right edge is where the stats panel begins, less its margin.
    return { game: "crawl", rows, width: panel - 4 };
  }
  return undefined;
}

/** The glyph at a cell (blank outside the grid). */
export function glyph(g: ScreenGrid, x: number, y: number): string {
  return g.rows[y]?.[x] ?? " ";
}

const WALL = new Set(["|", "-"]);

/**
 * NetHack draws an open door across its wall: `|` in a horizontal wall (a `-` beside it, no `|`
 * above or below) or `-` in a vertical wall (a `|` above or below, no `-` beside it). Corners
 * are `-` with a `-` beside them, so they do not count. In a dark room the wall may not be drawn:
 * then a lone `|` between floor or corridor above and below (`-` left and right) is a door.
 */
function nethackOpenDoor(g: ScreenGrid, x: number, y: number): boolean {
  const c = glyph(g, x, y);
  const left = glyph(g, x - 1, y), right = glyph(g, x + 1, y);
  const up = glyph(g, x, y - 1), down = glyph(g, x, y + 1);
  const open = (ch: string) => ch === "." || ch === "#";
  if (c === "|") {
    return up !== "|" && down !== "|" &&
      (left === "-" || right === "-" || (open(up) && open(down)));
  }
  if (c === "-") {
    return left !== "-" && right !== "-" &&
      (up === "|" || down === "|" || (open(left) && open(right)));
  }
  return false;
}

/** True for a NetHack doorway (a door, or a gap in a wall): it is never crossed diagonally. */
export function isDoorway(g: ScreenGrid, x: number, y: number): boolean {
  if (g.game !== "nethack") return false;
  const c = glyph(g, x, y);
  if (c === "+" || nethackOpenDoor(g, x, y)) return true;
  // The player's own cell hides what it stands on; walls on both sides make it a doorway.
  if (c !== "." && c !== "@") return false;
  return (WALL.has(glyph(g, x - 1, y)) && WALL.has(glyph(g, x + 1, y))) ||
    (WALL.has(glyph(g, x, y - 1)) && WALL.has(glyph(g, x, y + 1)));
}

/** True when the player can step onto (or attack into) a cell. */
export function walkable(g: ScreenGrid, x: number, y: number): boolean {
  const c = glyph(g, x, y);
  if (c === " ") return false;
  if (g.game === "crawl") return !"#~≈".includes(c);
  if (WALL.has(c)) return nethackOpenDoor(g, x, y);
  // Boulders, water and lava, iron bars and trees are not walked through.
  return !"0`}".includes(c);
}

/**
 * True for an unseen cell: blank inside the grid; outside it, only on Crawl, whose view shows a
 * window of the level that scrolls on when the player walks to its edge (NetHack shows it all).
 */
export function unknown(g: ScreenGrid, x: number, y: number): boolean {
  const inside = y >= 0 && y < g.rows.length && x >= 0 && x < g.width;
  return inside ? glyph(g, x, y) === " " : g.game === "crawl";
}

/** A letter other than the player: a monster (moving into it attacks it, or swaps with a pet). */
export function isMonster(ch: string): boolean {
  return ch !== "@" && tileKind(ch) === "monster";
}

/** Shortest walks from the player: distance and first move of every reachable cell. */
export interface Reach {
  dist: Map<string, number>;
  first: Map<string, string>;
}

/**
 * Breadth-first walks over walkable cells. Moves in `blocked` are not taken as first step, nor
 * the moves `blockedAt` lists for a cell (moves that failed there before, from memory).
 */
export function reach(
  g: ScreenGrid,
  from: { x: number; y: number },
  blocked: ReadonlySet<string>,
  blockedAt: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Reach {
  const key = (x: number, y: number) => `${x},${y}`;
  const dist = new Map([[key(from.x, from.y), 0]]);
  const first = new Map<string, string>();
  const queue: [number, number][] = [[from.x, from.y]];
  while (queue.length) {
    const [x, y] = queue.shift()!;
    const d = dist.get(key(x, y))!;
    for (const [dir, [dx, dy]] of Object.entries(COMPASS_OFFSETS)) {
      const nx = x + dx, ny = y + dy;
      if (dist.has(key(nx, ny)) || !walkable(g, nx, ny)) continue;
      if ((d === 0 && blocked.has(dir)) || blockedAt.get(key(x, y))?.has(dir)) continue;
      if (dx !== 0 && dy !== 0 && (isDoorway(g, x, y) || isDoorway(g, nx, ny))) continue;
      dist.set(key(nx, ny), d + 1);
      first.set(key(nx, ny), d === 0 ? dir : first.get(key(x, y))!);
      queue.push([nx, ny]);
    }
  }
  return { dist, first };
}

/** Cells of the grid holding `ch`. */
export function cellsWith(g: ScreenGrid, ch: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  g.rows.forEach((row, y) => {
    for (let x = row.indexOf(ch); x >= 0; x = row.indexOf(ch, x + 1)) out.push({ x, y });
  });
  return out;
}

/** How far the player sees around itself in Crawl (its line of sight in the open). */
export const CRAWL_SIGHT = 7;

/**
 * Frontier cells: walkable cells next to an unseen cell that was not in view from a cell the
 * player stood on. NetHack shows the level it has seen, so an unseen cell next to a cell stood on
 * is rock. Crawl's view is a window: a cell past its edge was seen when the player stood within
 * sight of it. Which cells were stood on comes from memory (`visited`); the screen does not say.
 */
export function frontier(g: ScreenGrid, visited: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const offsets = Object.values(COMPASS_OFFSETS);
  const stood = [...visited].map((k) => k.split(",").map(Number));
  const seenFrom = (x: number, y: number, r: number) =>
    stood.some(([vx, vy]) => Math.max(Math.abs(vx - x), Math.abs(vy - y)) <= r);
  const inside = (x: number, y: number) => y >= 0 && y < g.rows.length && x >= 0 && x < g.width;
  const unseen = (x: number, y: number) => {
    if (!unknown(g, x, y)) return false;
    if (g.game === "nethack") return !seenFrom(x, y, 1);
    return inside(x, y) || !seenFrom(x, y, CRAWL_SIGHT);
  };
  g.rows.forEach((row, y) => {
    for (let x = 0; x < Math.max(row.length, g.width); x++) {
      if (!walkable(g, x, y) || visited.has(`${x},${y}`)) continue;
      if (offsets.some(([dx, dy]) => unseen(x + dx, y + dy))) out.add(`${x},${y}`);
    }
  });
  return out;
}

/** Walkable neighbours of a cell. */
export function openNeighbours(g: ScreenGrid, x: number, y: number): number {
  return Object.values(COMPASS_OFFSETS).filter(([dx, dy]) => walkable(g, x + dx, y + dy)).length;
}
