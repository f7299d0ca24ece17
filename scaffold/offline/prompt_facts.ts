/**
 * Reads the fixed line shapes the agent writes into its prompts (map analysis, previous action,
 * notices, available ops, keyed files, rules, file index), for the offline scripted policies.
 * The policies see exactly what a model would see.
 *
 * @module
 */
import type { Direction } from "../map_analysis.ts";

/** One neighbour line of the map analysis. */
export interface NeighbourFact {
  dir: Direction;
  x: number;
  y: number;
  kind: string;
  /** The glyph shown. */
  ch: string;
  passable: boolean;
}

/** What the policies read from a prompt. */
export interface PromptFacts {
  depth: number;
  position?: { x: number; y: number };
  /** Where `@` is on the screen (equal to `position` unless the view scrolls). */
  screen?: { x: number; y: number };
  onStairs: boolean;
  neighbours: NeighbourFact[];
  stairsSeen: { x: number; y: number }[];
  previousAction?: string;
  noEffect: boolean;
  doNotRepeat?: string;
  oscillating: boolean;
  ops: Set<string>;
  keyed: Set<string>;
  files: Set<string>;
  consultRule: boolean;
}

const MOVES = /^(north|south|east|west|northeast|northwest|southeast|southwest)$/;

/** A move whose position before equals the position now had no effect (a message may differ). */
function movedNowhere(prompt: string, pos: RegExpMatchArray | null): boolean {
  const action = prompt.match(/^Previous action: (.+)$/m)?.[1].trim();
  const before = prompt.match(/^Position before it: \((\d+),(\d+)\) level: (\d+)$/m);
  return !!(pos && before && action && MOVES.test(action) && before[1] === pos[1] &&
    before[2] === pos[2] && before[3] === pos[3]);
}

/** Parses a LOG or PLAN prompt. */
export function promptFacts(prompt: string): PromptFacts {
  const pos = prompt.match(/^position: \((\d+),(\d+)\) level: (\d+)$/m);
  const onScreen = prompt.match(/^on screen at: \((\d+),(\d+)\)$/m);
  const neighbours: NeighbourFact[] = [];
  for (
    const m of prompt.matchAll(/^(\w+): \((-?\d+),(-?\d+)\) '(.*?)' (\w+) (passable|blocked)$/gm)
  ) {
    neighbours.push({
      dir: m[1] as Direction,
      x: Number(m[2]),
      y: Number(m[3]),
      ch: m[4],
      kind: m[5],
      passable: m[6] === "passable",
    });
  }
  const stairsSeen = [...prompt.matchAll(/^stairs down '>' seen at \((\d+),(\d+)\)/gm)]
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
  return {
    depth: pos ? Number(pos[3]) : 1,
    position: pos ? { x: Number(pos[1]), y: Number(pos[2]) } : undefined,
    screen: onScreen
      ? { x: Number(onScreen[1]), y: Number(onScreen[2]) }
      : pos
      ? { x: Number(pos[1]), y: Number(pos[2]) }
      : undefined,
    onStairs: /^standing on: stairs down/m.test(prompt),
    neighbours,
    stairsSeen,
    previousAction: prompt.match(/^Previous action: (.+)$/m)?.[1].trim(),
    noEffect: /NO EFFECT|STUCK/.test(prompt) || movedNowhere(prompt, pos),
    doNotRepeat: prompt.match(/last executed action was '([^']+)'; do NOT repeat it/)?.[1],
    oscillating: /^OSCILLATION:/m.test(prompt),
    ops: new Set([...prompt.matchAll(/^- ([A-Z_]+): <\|/gm)].map((m) => m[1])),
    keyed: new Set([...prompt.matchAll(/^ {2}\* ([\w.-]+): .*KEYED file/gm)].map((m) => m[1])),
    files: new Set([...prompt.matchAll(/^ {2}- ([\w.-]+) \(\d+ lines\)$/gm)].map((m) => m[1])),
    consultRule: /BEFORE writing to ANY file/.test(prompt),
  };
}
