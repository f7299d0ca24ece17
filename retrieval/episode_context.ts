/**
 * Episode context: a re-scoring step of the hybrid retriever that lets a unit borrow relevance
 * from the units it was recorded next to. Evidence clusters: in a conversation the answer to a
 * question about a topic sits in the session where the topic came up, often a turn or two after
 * the turn that names it ("Did you make it?" is matched, "Yeah, I made this bowl" is the answer).
 * A unit's own words cannot show that; its neighbours' scores can.
 *
 * Two bonuses (`RETRIEVER_DEFAULTS.hybrid`: 0.5, 0.4 within 2 steps; 0 turns one off), added to
 * the candidates' rank scores after those are min-max normalised over the pool (so the weights
 * mean the same for every query):
 *
 * - `episode_weight` × the best normalised score among the candidates of the same source episode
 *   (`source_task_id`: a LoCoMo session, an agent task's trajectory), the unit itself included;
 * - `neighbour_weight` × the best normalised score among the other candidates of that episode
 *   whose source position lies within `neighbour_window` steps of one of the unit's own.
 *
 * A source position is the number that ends a source ref (`D5:8` → session `D5:`, step 8;
 * `step:3` → `step:`, 3); refs with another prefix are never neighbours. Units without refs or
 * without an episode only get what they earn themselves. Only candidates already in the pool
 * lend scores: the step re-orders what the dense and keyword paths found, it adds no unit.
 *
 * Tuned on LoCoMo conversations 1–5, checked once on 6–10 (docs/benchmarks.md, "Episode
 * context").
 *
 * @module
 */
import { minMaxNormalize } from "../stores/hybrid_store.ts";
import type { HybridCandidate } from "./hybrid_bonus.ts";

/** Weights of the two bonuses and the neighbour window (in source steps). */
export interface EpisodeContextParams {
  episodeWeight: number;
  neighbourWeight: number;
  window: number;
}

interface Position {
  prefix: string;
  step: number;
}

const TRAILING_NUMBER = /^(.*?)(\d+)$/;

/** The positions a unit's source refs name (refs that end without a number are skipped). */
export function sourcePositions(refs: readonly string[]): Position[] {
  const out: Position[] = [];
  for (const ref of refs) {
    const m = TRAILING_NUMBER.exec(ref);
    if (m) out.push({ prefix: m[1], step: Number(m[2]) });
  }
  return out;
}

/** Re-scores `candidates` in place (see the module docs); a no-op when both weights are 0. */
export function applyEpisodeContext(
  candidates: HybridCandidate[],
  params: EpisodeContextParams,
): void {
  if (candidates.length === 0 || (params.episodeWeight <= 0 && params.neighbourWeight <= 0)) {
    return;
  }
  const byId = minMaxNormalize(candidates.map((c) => ({ id: c.unit.id, score: c.fused })));
  const norm = candidates.map((c) => byId.get(c.unit.id) ?? 0);
  const episodeBest = new Map<string, number>();
  // One flat map: "episode␀prefix␀step" → best normalised score at that position.
  const atPosition = new Map<string, number>();
  const located = candidates.map((c) =>
    sourcePositions(c.unit.source_refs).map((p) => ({ ...p, episode: c.unit.source_task_id }))
  );
  candidates.forEach((c, i) => {
    const episode = c.unit.source_task_id;
    if (episode === "") return;
    episodeBest.set(episode, Math.max(episodeBest.get(episode) ?? 0, norm[i]));
    for (const p of located[i]) {
      const key = positionKey(p, 0);
      atPosition.set(key, Math.max(atPosition.get(key) ?? 0, norm[i]));
    }
  });
  candidates.forEach((c, i) => {
    const episode = c.unit.source_task_id;
    c.fused = episode === "" ? norm[i] : norm[i] +
      params.episodeWeight * episodeBest.get(episode)! +
      params.neighbourWeight * bestNeighbour(atPosition, located[i], params.window);
  });
}

type Located = Position & { episode: string };

function positionKey(p: Located, offset: number): string {
  return `${p.episode}\u0000${p.prefix}\u0000${p.step + offset}`;
}

function bestNeighbour(
  atPosition: ReadonlyMap<string, number>,
  own: readonly Located[],
  window: number,
): number {
  const mine = new Set(own.map((p) => positionKey(p, 0)));
  let best = 0;
  for (const p of own) {
    for (let d = -window; d <= window; d++) {
      const key = positionKey(p, d);
      if (!mine.has(key)) best = Math.max(best, atPosition.get(key) ?? 0);
    }
  }
  return best;
}
