/**
 * The offline player's plan over a real game's whole screen: fight what stands next to it when
 * hurt, walk to a visible `>`, else to the nearest unexplored edge of the map, else search for
 * hidden passages at dead ends. The screen does not say where the player has been or where it
 * already searched: that comes only from memory (`d<l>(x,y): visited` map lines, the
 * `position_visits` sensor, `d<l>(x,y): searched` lessons), so a scaffold whose memory does not
 * reach the player re-walks explored corridors and searches the same dead end forever.
 *
 * @module
 */
import type { PromptFacts } from "./prompt_facts.ts";
import {
  cellsWith,
  frontier,
  glyph,
  isMonster,
  openNeighbours,
  reach,
  type ScreenGrid,
  walkable,
} from "./screen_grid.ts";
import { COMPASS_OFFSETS } from "../../bench/games/compass.ts";

/** Searches at one spot before the player tries another (hidden passages take a few). */
export const SEARCHES_PER_SPOT = 10;

/** Cells of this level that memory lists as stood on. */
export function visitedCells(memory: string, depth: number): Set<string> {
  const out = new Set<string>();
  for (const m of memory.matchAll(new RegExp(`^d${depth}\\((\\d+),(\\d+)\\): visited`, "gm"))) {
    out.add(`${m[1]},${m[2]}`);
  }
  const sensed = new RegExp(`(?:^|: )d${depth}\\((\\d+),(\\d+)\\) visits: ([1-9]\\d*)`, "gm");
  for (const m of memory.matchAll(sensed)) out.add(`${m[1]},${m[2]}`);
  return out;
}

/** Searches memory records per cell of this level (`searched` lines, or `searched #k`). */
export function searchedCounts(memory: string, depth: number): Map<string, number> {
  const out = new Map<string, number>();
  const re = new RegExp(`^d${depth}\\((\\d+),(\\d+)\\): searched(?: #(\\d+))?`, "gm");
  for (const m of memory.matchAll(re)) {
    const k = `${m[1]},${m[2]}`;
    out.set(k, Math.max((out.get(k) ?? 0) + 1, Number(m[3] ?? 0)));
  }
  return out;
}

/**
 * True when the action log's last six moves kept the player among at most three cells (the
 * `move -> now at (x,y) dN` lines the memory policy appends): back and forth, going nowhere.
 */
export function pingPong(memory: string): boolean {
  const at = [...memory.matchAll(/^\w+ -> now at \((\d+),(\d+)\) d\d+$/gm)].slice(-6)
    .map((m) => `${m[1]},${m[2]}`);
  return at.length === 6 && new Set(at).size <= 3;
}

/** The reachable frontier cell first in level order (row, then column). */
function steadyTarget(
  cells: Iterable<string>,
  r: { dist: Map<string, number> },
  ox: number,
  oy: number,
): string | undefined {
  let best: string | undefined;
  let bestKey = Infinity;
  for (const k of cells) {
    const d = r.dist.get(k);
    if (d === undefined || d === 0) continue;
    const [x, y] = k.split(",").map(Number);
    const key = (y + oy) * 10000 + x + ox;
    if (key < bestKey) [best, bestKey] = [k, key];
  }
  return best;
}

/** Down staircases of this level that memory (map lines, `stairs_seen` sensor) knows. */
export function rememberedStairs(memory: string, depth: number): string[] {
  const out: string[] = [];
  const re = new RegExp(`^d${depth}\\((\\d+),(\\d+)\\): [^\\n]*stairs down`, "gm");
  for (const m of memory.matchAll(re)) out.push(`${m[1]},${m[2]}`);
  const sensed = memory.match(new RegExp(`^d${depth}: stairs down at (.*)$`, "m"));
  for (const m of sensed?.[1].matchAll(/\((\d+),(\d+)\)/g) ?? []) out.push(`${m[1]},${m[2]}`);
  return out;
}

/** Current and maximum hit points from the status (NetHack `HP:a(b)`, Crawl `Health: a/b`). */
export function hitPoints(prompt: string): { hp: number; max: number } | undefined {
  const m = prompt.match(/HP:(\d+)\((\d+)\)/) ?? prompt.match(/Health:\s*(-?\d+)\/(\d+)/);
  return m ? { hp: Number(m[1]), max: Number(m[2]) } : undefined;
}

/** The move (or `search`) of the screen plan; undefined when it has nothing to offer. */
export function screenMove(
  g: ScreenGrid,
  f: PromptFacts,
  memory: string,
  blocked: ReadonlySet<string>,
  prompt = "",
): string | undefined {
  const pos = f.screen;
  if (!pos || !f.position) return undefined;
  // Memory names level cells; the grid is the screen, which may be scrolled.
  const ox = f.position.x - pos.x, oy = f.position.y - pos.y;
  const onScreen = (k: string) => {
    const [x, y] = k.split(",").map(Number);
    return `${x - ox},${y - oy}`;
  };
  // Crawl's monsters are all hostile: fight what stands next to the player when hurt. NetHack's
  // letters include the pet and statues, so there it only fights what blocks its way.
  const hp = hitPoints(prompt);
  if (g.game === "crawl" && hp && hp.hp < hp.max) {
    for (const [dir, [dx, dy]] of Object.entries(COMPASS_OFFSETS)) {
      if (isMonster(glyph(g, pos.x + dx, pos.y + dy)) && !blocked.has(dir)) return dir;
    }
  }
  const failedAt = new Map<string, Set<string>>();
  const failed = new RegExp(`^d${f.depth}\\((\\d+),(\\d+)\\): '(\\w+)' blocked`, "gm");
  for (const m of memory.matchAll(failed)) {
    const k = onScreen(`${m[1]},${m[2]}`);
    failedAt.set(k, (failedAt.get(k) ?? new Set()).add(m[3]));
  }
  const r = reach(g, pos, blocked, failedAt);
  const nearest = (cells: Iterable<string>) => {
    let best: string | undefined;
    let bestD = Infinity;
    for (const k of cells) {
      const d = r.dist.get(k);
      if (d !== undefined && d > 0 && d < bestD) [best, bestD] = [k, d];
    }
    return best;
  };
  const stairs = [
    ...cellsWith(g, ">").map((c) => `${c.x},${c.y}`),
    ...rememberedStairs(memory, f.depth),
  ];
  // The `>` under the player is hidden by `@`; memory may know it is there.
  if (stairs.includes(`${pos.x},${pos.y}`) && !blocked.has("down")) return "down";
  const toStairs = nearest(stairs);
  if (toStairs) return r.first.get(toStairs);
  const visited = new Set([...visitedCells(memory, f.depth)].map(onScreen));
  visited.add(`${pos.x},${pos.y}`);
  const edges = frontier(g, visited);
  // Moving back and forth between two frontier cells (as the last_actions sensor warns, or as
  // the action log shows), the player commits to one target named in level coordinates, which
  // stay put while it walks, instead of the nearest one, which changes with every step.
  const edge = f.oscillating || pingPong(memory) ? steadyTarget(edges, r, ox, oy) : nearest(edges);
  if (edge) return r.first.get(edge);
  if (g.game !== "nethack") return undefined;
  // Nothing left to see: search for hidden passages, dead ends first, then along room walls.
  const searched = new Map(
    [...searchedCounts(memory, f.depth)].map(([k, n]) => [onScreen(k), n] as const),
  );
  let best: { k: string; score: number } | undefined;
  for (const [k, d] of r.dist) {
    const [x, y] = k.split(",").map(Number);
    const deadEnd = openNeighbours(g, x, y) <= 1;
    const byWall = glyph(g, x, y) === "." &&
      Object.values(COMPASS_OFFSETS).some(([dx, dy]) =>
        !walkable(g, x + dx, y + dy) && glyph(g, x + dx, y + dy) !== " "
      );
    if (!deadEnd && !byWall) continue;
    const n = searched.get(k) ?? 0;
    const score = Math.floor(n / SEARCHES_PER_SPOT) * 10000 + (deadEnd ? 0 : 1000) + d;
    if (!best || score < best.score) best = { k, score };
  }
  if (!best) return "search";
  return best.k === `${pos.x},${pos.y}` ? "search" : r.first.get(best.k);
}
