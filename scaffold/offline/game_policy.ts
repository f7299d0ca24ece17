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

/** The PLAN reply to a conversation so far. */
export function gameReply(messages: readonly ChatMessage[], rng: Rng): string {
  const prompt = messages[0].content;
  const f = promptFacts(prompt);
  const d = f.depth;
  if (messages.length === 1) {
    if (f.onStairs) return "<|ACTION|>down<|END|>";
    const reads = [`<|SEARCH|>${MAP}|d${d}(<|END|>`];
    if (f.position) {
      reads.push(`<|SEARCH|>${STRATEGY}|d${d}(${f.position.x},${f.position.y})<|END|>`);
    }
    for (const s of ["stairs_seen.txt", "position_visits.txt"]) {
      if (f.files.has(s)) reads.push(`<|READ|>${s}<|END|>`);
    }
    return `Consulting memory.\n${reads.join("\n")}`;
  }
  const memory = messages.filter((m) => m.role === "user").slice(1).map((m) => m.content).join(
    "\n",
  );
  const act = (a: string) => `<|ACTION|>${a}<|END|>`;
  if (f.onStairs) return act("down");
  if (!f.position) return act("search");
  const blocked = new Set(
    [...memory.matchAll(
      new RegExp(`^d${d}\\(${f.position.x},${f.position.y}\\): '(\\w+)' blocked`, "gm"),
    )]
      .map((m) => m[1]),
  );
  if (f.doNotRepeat) blocked.add(f.doNotRepeat);
  const options = f.neighbours.filter((n) => n.passable && !blocked.has(n.dir));
  if (options.length === 0) return act("search");
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
  // Exploration: rank neighbours by what memory says about them.
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
