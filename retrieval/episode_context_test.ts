import assert from "node:assert/strict";
import { applyEpisodeContext, sourcePositions } from "./episode_context.ts";
import type { HybridCandidate } from "./hybrid_bonus.ts";
import { createHybridRetriever } from "./hybrid.ts";
import { RetrieverConfigError } from "./errors.ts";
import { MemoryStoreDouble } from "./testing/memory_store_double.ts";
import { makeQuery, makeUnit, planFor, qvec, TableEmbedder, vec } from "./testing/fixtures.ts";

function candidate(id: string, fused: number, episode: string, refs: string[]): HybridCandidate {
  const unit = makeUnit(id, { source_task_id: episode, source_refs: refs });
  return { unit, fused, score: fused, method: "keyword" };
}

const order = (cs: HybridCandidate[]) =>
  [...cs].sort((a, b) => b.fused - a.fused || a.unit.id.localeCompare(b.unit.id)).map((c) =>
    c.unit.id
  );

Deno.test("sourcePositions reads the number that ends each ref and skips refs without one", () => {
  assert.deepEqual(sourcePositions(["D5:8", "step:3", "summary"]), [
    { prefix: "D5:", step: 8 },
    { prefix: "step:", step: 3 },
  ]);
});

Deno.test("episode context: a unit next to the best match outranks an equal unit elsewhere", () => {
  const cs = [
    candidate("match", 1, "s1", ["D1:4"]),
    candidate("far", 0.3, "s2", ["D2:5"]),
    candidate("next", 0.3, "s1", ["D1:5"]),
    candidate("floor", 0, "s3", ["D3:1"]),
  ];
  const none = cs.map((c) => ({ ...c }));
  applyEpisodeContext(none, { episodeWeight: 0, neighbourWeight: 0, window: 2 });
  assert.deepEqual(order(none), ["match", "far", "next", "floor"], "weights 0: unchanged");
  applyEpisodeContext(cs, { episodeWeight: 0, neighbourWeight: 0.4, window: 2 });
  assert.deepEqual(order(cs), ["match", "next", "far", "floor"]);
  // normalised 0.3 plus 0.4 × the match's 1
  assert.ok(Math.abs(cs[2].fused - 0.7) < 1e-12, String(cs[2].fused));
});

Deno.test("episode context: the window is counted in source steps, within one episode and prefix", () => {
  const run = (window: number) => {
    const cs = [
      candidate("match", 1, "s1", ["D1:4"]),
      candidate("two-on", 0.5, "s1", ["D1:6"]),
      candidate("other-episode", 0.5, "s2", ["D1:5"]),
      candidate("other-prefix", 0.5, "s1", ["step:5"]),
      candidate("floor", 0, "s9", []),
    ];
    applyEpisodeContext(cs, { episodeWeight: 0, neighbourWeight: 1, window });
    return Object.fromEntries(cs.map((c) => [c.unit.id, c.fused]));
  };
  assert.equal(run(1)["two-on"], 0.5, "two steps away is outside a window of 1");
  assert.equal(run(2)["two-on"], 1.5);
  assert.equal(run(2)["other-episode"], 0.5, "the same ref in another episode is no neighbour");
  assert.equal(run(2)["other-prefix"], 0.5, "a ref with another prefix is no neighbour");
  assert.equal(run(2).floor, 0, "a unit without refs keeps its own score");
});

Deno.test("episode context: the episode bonus lifts every unit of the best match's episode", () => {
  const cs = [
    candidate("match", 1, "s1", ["D1:1"]),
    candidate("same-episode", 0.2, "s1", ["D1:30"]),
    candidate("elsewhere", 0.4, "s2", ["D2:30"]),
    candidate("no-episode", 0.4, "", ["D3:2"]),
    candidate("floor", 0, "s3", ["D3:1"]),
  ];
  applyEpisodeContext(cs, { episodeWeight: 0.5, neighbourWeight: 0, window: 2 });
  assert.deepEqual(order(cs), ["match", "same-episode", "elsewhere", "no-episode", "floor"]);
});

Deno.test("hybrid: with the default parameters the turn after a matched question outranks a stranger", async () => {
  const store = new MemoryStoreDouble();
  const turn = (id: string, episode: string, ref: string, text: string) =>
    makeUnit(id, { text, vector: vec(1), source_task_id: episode, source_refs: [ref] });
  await store.add([
    turn("asked", "session_5", "D5:7", "That pottery bowl is gorgeous! Did you make it?"),
    turn("answer", "session_5", "D5:8", "Thanks! Yeah, I did it in my class."),
    turn("stranger", "session_9", "D9:2", "Melanie went to her class today."),
  ]);
  const embedder = new TableEmbedder({});
  const question = makeQuery("Did Melanie make the pottery bowl?", qvec(0));
  const ranked = async (params: Record<string, number>) =>
    (await createHybridRetriever(planFor("hybrid", params), { store, embedder })
      .retrieve(question, 3)).units.map((u) => u.unit.id);
  assert.deepEqual(await ranked({ episode_weight: 0, neighbour_weight: 0 }), [
    "asked",
    "stranger",
    "answer",
  ]);
  assert.deepEqual(await ranked({}), ["asked", "answer", "stranger"]);
});

Deno.test("hybrid: a neighbour window below 1 or not whole is refused, naming the field", () => {
  const store = new MemoryStoreDouble();
  const embedder = new TableEmbedder({});
  for (const neighbour_window of [0, 1.5]) {
    assert.throws(
      () => createHybridRetriever(planFor("hybrid", { neighbour_window }), { store, embedder }),
      (e) => e instanceof RetrieverConfigError && e.field === "params.neighbour_window",
    );
  }
  assert.throws(
    () => createHybridRetriever(planFor("hybrid", { episode_weight: -0.1 }), { store, embedder }),
    (e) => e instanceof RetrieverConfigError && e.field === "params.episode_weight",
  );
});
