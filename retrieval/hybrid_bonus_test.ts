import assert from "node:assert/strict";
import * as bonus from "./hybrid_bonus.ts";
import type { HybridCandidate } from "./hybrid_bonus.ts";

const { applyLengthPrior, applySoftMatch, applySpeakerBonus, SoftDocCache } = bonus;
import { makeUnit } from "./testing/fixtures.ts";

function candidates(texts: Record<string, string>, speakers: Record<string, string> = {}) {
  return Object.entries(texts).map(([id, text]): HybridCandidate => ({
    unit: makeUnit(id, {
      content: { principle: text, ...(speakers[id] ? { speaker: speakers[id] } : {}) },
    }),
    score: 0,
    method: "semantic",
    fused: 0,
  }));
}

const order = (cs: HybridCandidate[]) =>
  [...cs].sort((a, b) => b.fused - a.fused || (a.unit.id < b.unit.id ? -1 : 1)).map((c) =>
    c.unit.id
  );

Deno.test("pool IDF: a word most candidates hold stops deciding, the rare one decides", async () => {
  // Four of five candidates name Caroline; only e says "pottery", b says "ceramic".
  const texts = {
    a: "Caroline Caroline Caroline said hello again to everyone",
    b: "Caroline made a ceramic bowl at the class",
    c: "Caroline went out for a walk",
    d: "Caroline liked the movie",
    e: "Melanie made pottery with her kids",
  };
  const query = "What pottery did Caroline make?";
  const plain = candidates(texts);
  await applySoftMatch(plain, query, 1, new SoftDocCache());
  assert.deepEqual(order(plain).slice(0, 2), ["b", "e"], "SIF weights: the name and 'ceramic' win");
  const pooled = candidates(texts);
  await applySoftMatch(pooled, query, 1, new SoftDocCache(), true);
  assert.deepEqual(order(pooled).slice(0, 2), ["e", "b"], "pool IDF: the shared name counts less");
});

Deno.test("soft match with weight 0 changes nothing; a speaker bonus needs the speaker named", async () => {
  const cs = candidates({ a: "the car", b: "a bus" }, { a: "Jon", b: "Gina" });
  await applySoftMatch(cs, "automobile", 0, new SoftDocCache());
  assert.deepEqual(cs.map((c) => c.fused), [0, 0]);
  applySpeakerBonus(cs, "What did jon buy?", 0.5);
  assert.deepEqual(cs.map((c) => c.fused), [0.5, 0]);
});

Deno.test("length prior: at equal scores the shorter unit ranks first", () => {
  const cs = candidates({ a: "a long turn about many different things at once", b: "short" });
  cs.forEach((c) => c.fused = 1);
  applyLengthPrior(cs, 0.5);
  assert.deepEqual(order(cs), ["b", "a"]);
});
