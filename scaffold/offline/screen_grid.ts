/**
 * The map grid of a real game's screen as the PLAN prompt shows it (NetHack's `map:` block,
 * Crawl's `screen:` block left of the stats panel), and shortest walks over it: what a model
 * sees when it looks at the whole screen rather than at the eight neighbours of `@`. Used by the
 * offline player to walk to a visible `>` and to the nearest unexplored edge of the map.
 *
 * @module
 */
import { COMPASS_OFFSETS } from "../../bench/games/compass.ts";

/** A parsed screen map: rows of glyphs in map coordinates, and the game's glyph rules. */
export interface ScreenGrid {
  game: "nethack" | "crawl";
  rows: string[];
}

/** Rows of NetHack's map block and of Crawl's map area. */
const NETHACK_ROWS = 21;
const CRAWL_ROWS = 17;
const CRAWL_PANEL = 37;

/** The screen's map grid, when the observation holds a real game's map block. */
export function screenGrid(prompt: string): ScreenGrid | undefined {
  const obs = prompt.split("=== CURRENT OBSERVATION ===")[1]?.split("=== MAP ANALYSIS ===")[0];
  if (!obs) return undefined;
  const nethack = obs.match(/^map:\n/m);
  if (nethack) {
    const rows = obs.slice(nethack.index! + nethack[0].length).split("\n").slice(0, NETHACK_ROWS);
    return { game: "nethack", rows };
  }
  const crawl = obs.match(/^screen:\n/m);
  if (crawl) {
    const lines = obs.slice(crawl.index! + crawl[0].length).split("\n");
    const panel = lines.slice(0, 6).map((l) => l.indexOf("Health:")).find((i) => i > 0) ??
      CRAWL_PANEL;
    return { game: "crawl", rows: lines.slice(0, CRAWL_ROWS).map((l) => l.slice(0, panel)) };
  }
  return undefined;
}

/** The glyph at a cell (blank outside the grid). */
export function glyph(g: ScreenGrid, x: number, y: number): string {
  return g.rows[y]?.[x] ?? " ";
}

const WALL = new Set(["|", "-"]);

/**
 * NetHack draws an open door across its wall: `|` between two `-` (a door in a horizontal
 * wall) or `-` between two `|` (in a vertical wall).
 */
function nethackOpenDoor(g: ScreenGrid, x: number, y: number): boolean {
  const c = glyph(g, x, y);
  if (c === "|") return glyph(g, x - 1, y) === "-" && glyph(g, x + 1, y) === "-";
  if (c === "-") return glyph(g, x, y - 1) === "|" && glyph(g, x, y + 1) === "|";
  return false;
}

/** True for a NetHack doorway (a door, or a gap in a wall): it is never crossed diagonally. */
export function isDoorway(g: ScreenGrid, x: number, y: number): boolean {
  if (g.game !== "nethack") return false;
  const c = glyph(g, x, y);
  if (c === "+" || nethackOpenDoor(g, x, y)) return true;
  if (c !== ".") return false;
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

/** True for a blank (unseen) cell inside the grid. */
export function unknown(g: ScreenGrid, x: number, y: number): boolean {
  return y >= 0 && y < g.rows.length && x >= 0 && glyph(g, x, y) === " ";
}

/** A letter other than the player: a monster (moving into it attacks it, or swaps with a pet). */
export function isMonster(ch: string): boolean {
  return /^[A-Za-z&;:']$/.test(ch) && ch !== "@";
}

/** Shortest walks from the player: distance and first move of every reachable cell. */
export interface Reach {
  dist: Map<string, number>;
  first: Map<string, string>;
}

/** Breadth-first walks over walkable cells; moves in `blocked` are not taken as first step. */
export function reach(
  g: ScreenGrid,
  from: { x: number; y: number },
  blocked: ReadonlySet<string>,
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
      if (d === 0 && blocked.has(dir)) continue;
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

/**
 * Frontier cells: walkable cells next to an unseen cell that is not known rock. An unseen cell
 * next to a cell the player stood on was in view from there and showed nothing, so it is rock;
 * which cells were stood on comes from memory (`visited`), the game itself does not say.
 */
export function frontier(g: ScreenGrid, visited: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const offsets = Object.values(COMPASS_OFFSETS);
  const knownRock = (x: number, y: number) =>
    offsets.some(([dx, dy]) => visited.has(`${x + dx},${y + dy}`));
  g.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!walkable(g, x, y) || visited.has(`${x},${y}`)) continue;
      if (offsets.some(([dx, dy]) => unknown(g, x + dx, y + dy) && !knownRock(x + dx, y + dy))) {
        out.add(`${x},${y}`);
      }
    }
  });
  return out;
}

/** Walkable neighbours of a cell. */
export function openNeighbours(g: ScreenGrid, x: number, y: number): number {
  return Object.values(COMPASS_OFFSETS).filter(([dx, dy]) => walkable(g, x + dx, y + dy)).length;
}
