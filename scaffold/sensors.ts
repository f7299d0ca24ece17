/**
 * The sensor catalogue: code-maintained status files that a scaffold may switch on (status line,
 * inventory, position and visit counts, last actions with an oscillation detector, stairs seen,
 * stuck counter). The agent refreshes them from each observation before LOG; the model may read
 * them but not write them.
 *
 * @module
 */
import type { GameObservation } from "../bench/games/game_port.ts";
import type { MemoryFs } from "../memory/files/memory_fs.ts";
import { DIRECTIONS, type MapAnalysis, OPPOSITE } from "./map_analysis.ts";
import { sensorFile, type SensorName } from "./spec.ts";

/** What the sensors remember within one episode. */
export interface SensorState {
  visits: Map<string, number>;
  actions: string[];
  stairs: Map<number, string[]>;
  unchanged: number;
  stepsSinceProgress: number;
  lastDepth: number;
}

/** A fresh sensor state. */
export function newSensorState(): SensorState {
  return {
    visits: new Map(),
    actions: [],
    stairs: new Map(),
    unchanged: 0,
    stepsSinceProgress: 0,
    lastDepth: 0,
  };
}

const MOVES = new Set<string>(DIRECTIONS.map(([d]) => d));

/**
 * The oscillation detector of the evolved NetHack scaffold: of the last 10 actions keep the
 * moves; with at least 4, oscillating iff at least 3 adjacent pairs reverse each other.
 */
export function isOscillating(actions: readonly string[]): boolean {
  const moves = actions.slice(-10).map((a) => a.replace(/^far /, "")).filter((a) => MOVES.has(a));
  if (moves.length < 4) return false;
  let reversals = 0;
  for (let i = 1; i < moves.length; i++) {
    if (OPPOSITE[moves[i - 1] as keyof typeof OPPOSITE] === moves[i]) reversals++;
  }
  return reversals >= 3;
}

/** Key of a cell on a level, as the prompts and keyed map files spell it. */
export function cellKey(depth: number, x: number, y: number): string {
  return `d${depth}(${x},${y})`;
}

function inventoryText(obs: GameObservation): string {
  const m = obs.text.match(/inventory:\s*\n([\s\S]*?)(\n\n|$)/i);
  return m ? m[1].trim() : "(no inventory shown on screen)";
}

/** Updates the sensor state from this step's observation and action history. */
export function observeSensors(
  state: SensorState,
  a: MapAnalysis,
  unchanged: number,
  lastAction: string | undefined,
): void {
  if (lastAction !== undefined) state.actions.push(lastAction);
  state.unchanged = unchanged;
  if (a.position) {
    const k = cellKey(a.depth, a.position.x, a.position.y);
    state.visits.set(k, (state.visits.get(k) ?? 0) + 1);
  }
  const seen = state.stairs.get(a.depth) ?? [];
  for (const s of a.stairsDown) {
    const k = `(${s.x},${s.y})`;
    if (!seen.includes(k)) seen.push(k);
  }
  if (a.onStairsDown && a.position) {
    const k = `(${a.position.x},${a.position.y})`;
    if (!seen.includes(k)) seen.push(k);
  }
  state.stairs.set(a.depth, seen);
  if (a.depth > state.lastDepth) {
    state.lastDepth = a.depth;
    state.stepsSinceProgress = 0;
  } else state.stepsSinceProgress++;
}

/** The content of one sensor file. */
export function sensorText(
  sensor: SensorName,
  state: SensorState,
  obs: GameObservation,
  a: MapAnalysis,
): string {
  switch (sensor) {
    case "status_line":
      return (obs.status.join("\n") || "(no status line)") + "\n";
    case "inventory":
      return inventoryText(obs) + "\n";
    case "position_visits": {
      if (!a.position) return "position unknown\n";
      const here = cellKey(a.depth, a.position.x, a.position.y);
      const lines = [`position: ${here} visits: ${state.visits.get(here) ?? 0}`];
      for (const n of a.neighbours) {
        if (n.passable) {
          lines.push(
            `${n.dir}: ${cellKey(a.depth, n.x, n.y)} visits: ${
              state.visits.get(cellKey(a.depth, n.x, n.y)) ?? 0
            }`,
          );
        }
      }
      return lines.join("\n") + "\n";
    }
    case "last_actions": {
      const last = state.actions.slice(-10);
      return `last actions: ${last.join(", ") || "(none)"}\n` +
        `OSCILLATING: ${isOscillating(state.actions) ? "yes" : "no"}\n`;
    }
    case "stairs_seen": {
      const lines = [...state.stairs.entries()].filter(([, v]) => v.length)
        .sort(([x], [y]) => x - y).map(([d, v]) => `d${d}: stairs down at ${v.join(" ")}`);
      return (lines.join("\n") || "no stairs seen yet") + "\n";
    }
    case "stuck_counter":
      return `unchanged observations in a row: ${state.unchanged}\n` +
        `steps since a new level: ${state.stepsSinceProgress}\n`;
  }
}

/** Writes every enabled sensor's file. */
export function writeSensors(
  fs: MemoryFs,
  sensors: readonly SensorName[],
  state: SensorState,
  obs: GameObservation,
  a: MapAnalysis,
): void {
  for (const s of sensors) fs.put(sensorFile(s), sensorText(s, state, obs, a));
}
