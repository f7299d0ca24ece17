/**
 * The offline scripted GAME policy of the PLAN phase. It cannot remember anything itself: it
 * first reads memory (this level's map lines, failures at this cell, sensor files when the
 * scaffold has them) and then acts on what came back: go down on stairs, walk to stairs seen or
 * remembered, otherwise explore towards cells memory does not list as visited (the least
 * recently or least often visited when all are known), never repeating a move memory says failed.
 * What it reads is cut by the context budget, so the scaffold's file design changes its play.
 *
 * @module
 */
import type { ChatMessage, Rng } from "../../core/ports.ts";
import { type NeighbourFact, promptFacts } from "./prompt_facts.ts";
import { COMPASS_OFFSETS } from "../../bench/games/compass.ts";
import { screenGrid } from "./screen_grid.ts";
import { screenMove } from "./screen_plan.ts";

const MAP = "dungeon_map.txt";
const STRATEGY = "strategy.txt";

function toward(
  from: { x: number; y: number },
  to: { x: number; y: number },
  options: NeighbourFact[],
) {
  let best: NeighbourFact | undefined;
  let bestD = Infinity;
  for (const n of options) {
    const d = Math.max(Math.abs(to.x - n.x), Math.abs(to.y - n.y));
    if (d < bestD) [best, bestD] = [n, d];
  }
  const now = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y));
  return best && bestD < now ? best : undefined;
}

const OFFSETS = COMPASS_OFFSETS;

/** Remembered cells of a level with their exits, from `d<l>(x,y): visited exits=...` lines. */
function rememberedCells(memory: string, depth: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const re = new RegExp(`^d${depth}\\((\\d+),(\\d+)\\): [^\\n]*?exits=([\\w,]+)`, "gm");
  for (const m of memory.matchAll(re)) {
    out.set(`${m[1]},${m[2]}`, m[3] === "none" ? [] : m[3].split(","));
  }
  return out;
}

/** First step of the shortest remembered path to a cell with an exit into the unknown. */
function frontierStep(
  known: Map<string, string[]>,
  from: { x: number; y: number },
  options: NeighbourFact[],
): string | undefined {
  const start = `${from.x},${from.y}`;
  const first = new Map<string, string>();
  const queue: string[] = [];
  for (const n of options) {
    const k = `${n.x},${n.y}`;
    if (known.has(k) && !first.has(k)) {
      first.set(k, n.dir);
      queue.push(k);
    }
  }
  const seen = new Set([start, ...queue]);
  while (queue.length) {
    const k = queue.shift()!;
    const [x, y] = k.split(",").map(Number);
    for (const dir of known.get(k) ?? []) {
      const off = OFFSETS[dir];
      if (!off) continue;
      const nk = `${x + off[0]},${y + off[1]}`;
      if (!known.has(nk)) return first.get(k);
      if (!seen.has(nk)) {
        seen.add(nk);
        first.set(nk, first.get(k)!);
        queue.push(nk);
      }
    }
  }
  return undefined;
}

const ORTHOGONAL = new Set(["north", "south", "east", "west"]);

/**
 * An open NetHack door is drawn across its wall: `|` in a horizontal wall (so north or south of
 * the player) and `-` in a vertical one (east or west). A wall piece in that orientation next to
 * the player is almost always such a door; if not, the refused move is not repeated.
 */
export function openDoor(n: NeighbourFact): boolean {
  return ((n.dir === "north" || n.dir === "south") && n.ch === "|") ||
    ((n.dir === "east" || n.dir === "west") && n.ch === "-");
}

/**
 * Doors and direction prompts, from the game's message line: a closed door is opened, a locked
 * one kicked, and the direction question that follows is answered with the adjacent door's
 * direction (or the move that was just refused). Undefined when none of these is on screen.
 */
export function doorReply(
  screen: string,
  neighbours: readonly NeighbourFact[],
  refused: string | undefined,
  valid: readonly string[],
): string | undefined {
  // NetHack doors are entered orthogonally only, so an orthogonal door is the one meant.
  const door = neighbours.find((n) => n.kind === "door" && ORTHOGONAL.has(n.dir)) ??
    neighbours.find((n) => n.kind === "door");
  if (/In what direction\?/.test(screen)) {
    const dir = door?.dir ?? refused;
    return dir && valid.includes(dir) ? dir : valid.includes("esc") ? "esc" : undefined;
  }
  if (/door is locked/i.test(screen) && valid.includes("kick")) return "kick";
  if (/door is closed/i.test(screen) && valid.includes("open")) return "open";
  if (/WHAMM/.test(screen) && door && valid.includes("kick")) return "kick";
  return undefined;
}

/**
 * What the player does when there is nothing to walk to, in the game's own words: NetHack
 * searches for hidden passages; Crawl (no searching) explores automatically; else it waits.
 */
export function idleAction(valid: readonly string[]): string {
  if (valid.length === 0 || valid.includes("search")) return "search";
  for (const a of ["explore", "wait", "rest"]) if (valid.includes(a)) return a;
  return valid[0];
}

/** The PLAN reply to a conversation so far. */
export function gameReply(messages: readonly ChatMessage[], rng: Rng): string {
  const prompt = messages[0].content;
  const f = promptFacts(prompt);
  const grid = screenGrid(prompt);
  const d = f.depth;
  const screen = prompt.split("=== CURRENT OBSERVATION ===")[1]?.split("=== MAP ANALYSIS ===")[0] ??
    "";
  const valid =
    prompt.match(/^Commit exactly one action .*Valid actions: (.+)$/m)?.[1].split(", ") ?? [];
  // A question or menu on screen (NetHack's [ynq], Crawl's prompts) is closed before moving.
  const door = doorReply(screen, f.neighbours, f.doNotRepeat, valid);
  if (door) return `<|ACTION|>${door}<|END|>`;
  if (/\[[yn][ynaq]*\]|\(y\/n\)|--More--/.test(screen) && valid.includes("esc")) {
    return "<|ACTION|>esc<|END|>";
  }
  if (messages.length === 1) {
    if (f.onStairs) return "<|ACTION|>down<|END|>";
    // With the whole screen to plan on, the short reads come first (the last moves, the level's
    // lessons: blocked moves, searched spots), and the map, which a budget may cut, in a second
    // turn.
    const reads = grid
      ? [`<|TAIL|>actions_log.txt|6<|END|>`, `<|SEARCH|>${STRATEGY}|d${d}(<|END|>`]
      : [`<|SEARCH|>${MAP}|d${d}(<|END|>`];
    if (f.position && !grid) {
      reads.push(`<|SEARCH|>${STRATEGY}|d${d}(${f.position.x},${f.position.y})<|END|>`);
    }
    for (const s of ["stairs_seen.txt", "position_visits.txt"]) {
      if (f.files.has(s)) reads.push(`<|READ|>${s}<|END|>`);
    }
    return `Consulting memory.\n${reads.join("\n")}`;
  }
  if (messages.length === 3 && grid) {
    return `Reading the map.\n<|SEARCH|>${MAP}|d${d}(<|END|>`;
  }
  const memory = messages.filter((m) => m.role === "user").slice(1).map((m) => m.content).join(
    "\n",
  );
  const act = (a: string) => `<|ACTION|>${a}<|END|>`;
  const idle = idleAction(valid);
  if (f.onStairs) return act("down");
  if (!f.position) return act(idle);
  const blocked = new Set(
    [...memory.matchAll(
      new RegExp(`^d${d}\\(${f.position.x},${f.position.y}\\): '(\\w+)' blocked`, "gm"),
    )]
      .map((m) => m[1]),
  );
  if (f.doNotRepeat) blocked.add(f.doNotRepeat);
  if (grid) {
    const move = screenMove(grid, f, memory, blocked, prompt);
    if (move === "search") return act(idle);
    if (move && (valid.length === 0 || valid.includes(move))) return act(move);
  }
  // A monster next to the player is usually the pet (moving into it swaps places) or something
  // to fight (moving into it attacks), so it does not block the way.
  const options = f.neighbours.filter((n) =>
    (n.passable || n.kind === "monster" || openDoor(n)) && !blocked.has(n.dir)
  );
  if (options.length === 0) return act(idle);
  const stairs = [...f.stairsSeen];
  for (
    const m of memory.matchAll(new RegExp(`^d${d}\\((\\d+),(\\d+)\\): [^\\n]*stairs down`, "gm"))
  ) {
    stairs.push({ x: Number(m[1]), y: Number(m[2]) });
  }
  const sensed = memory.match(new RegExp(`^d${d}: stairs down at \\((\\d+),(\\d+)\\)`, "m"));
  if (sensed) stairs.push({ x: Number(sensed[1]), y: Number(sensed[2]) });
  for (const s of stairs) {
    const n = toward(f.position, s, options);
    if (n) return act(n.dir);
  }
  // Exploration: step to an unvisited neighbour; else walk the remembered map to the nearest
  // remembered cell with an exit into the unknown.
  const known = rememberedCells(memory, d);
  const fresh = options.filter((n) => !known.has(`${n.x},${n.y}`));
  const frontier = fresh.length === 0 ? frontierStep(known, f.position, options) : undefined;
  if (frontier) return act(frontier);
  const lastSeen = new Map<string, number>();
  const lines = memory.split("\n");
  lines.forEach((l, i) => {
    const m = l.match(/^(d\d+\(\d+,\d+\))/);
    if (m) lastSeen.set(m[1], i);
  });
  const visits = new Map<string, number>();
  for (const m of memory.matchAll(/^\w+: (d\d+\(\d+,\d+\)) visits: (\d+)$/gm)) {
    visits.set(m[1], Number(m[2]));
  }
  const score = (n: NeighbourFact) => {
    const key = `d${d}(${n.x},${n.y})`;
    const v = visits.get(key);
    if (v !== undefined) return v * 1000 + (lastSeen.get(key) ?? -1);
    return lastSeen.has(key) ? 1000 + lastSeen.get(key)! : -1;
  };
  const ranked = options.map((n) => ({ n, s: score(n), t: rng.next() }))
    .sort((a, b) => a.s - b.s || a.t - b.t);
  return act(ranked[0].n.dir);
}
