import assert from "node:assert/strict";
import { parseSpec, specLabel } from "../../core/spec.ts";
import type { Metrics } from "../common_schemas.ts";
import { decideChampion, type RoundRow } from "./champion.ts";

function spec(store: string) {
  const r = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store,
    retrieve: "hybrid",
    manage: "lightweight",
  });
  if (!r.ok) throw new Error("bad spec");
  return r.value;
}
function row(candidate: number, store: string, scores: number[], source = "rules"): RoundRow {
  const s = spec(store);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  return {
    candidate,
    config_id: `r1_c${candidate}`,
    fingerprint: store,
    label: specLabel(s),
    architecture: s,
    source,
    metrics: { fitness: mean, score: mean, cost: 100, lift: 0 } as Metrics,
    per_task: Object.fromEntries(scores.map((x, i) => [`t${i}`, { score: x, tokens: 100 }])),
  };
}

Deno.test("round 1 installs the best candidate by raw fitness and merges it", () => {
  const d = decideChampion(null, [row(0, "json", [1, 0]), row(1, "vector", [1, 1])], 1);
  assert.equal(d.mode, "init");
  assert.equal(d.state?.config_id, "r1_c1");
  assert.equal(d.merge?.config_id, "r1_c1");
  assert.equal(d.changed, true);
});

Deno.test("a 4–0 challenger is promoted over the champion and its memory merged", () => {
  const prev = decideChampion(null, [row(0, "json", [0, 0, 0, 0])], 1).state;
  const champ = { ...row(0, "json", [0, 0, 0, 0], "champion"), config_id: "r2_c0" };
  const challenger = { ...row(1, "vector", [1, 1, 1, 1]), config_id: "r2_c1" };
  const d = decideChampion(prev, [champ, challenger], 2);
  assert.equal(d.mode, "paired_promotion");
  assert.equal(d.state?.promoted_over, "r1_c0");
  assert.equal(d.state?.config_id, "r2_c1");
  assert.equal(d.test?.p_value, 0.0625);
  assert.equal(d.merge?.config_id, "r2_c1");
  assert.deepEqual(d.state?.history.map((h) => h.mode), ["init", "paired_promotion"]);
});

Deno.test("a challenger that fails the test leaves the champion, whose re-evaluation is merged", () => {
  const prev = decideChampion(null, [row(0, "json", [0, 0, 0])], 1).state;
  const champ = { ...row(0, "json", [0, 0, 0], "champion"), config_id: "r2_c0" };
  const d = decideChampion(
    prev,
    [champ, { ...row(1, "vector", [1, 1, 1]), config_id: "r2_c1" }],
    2,
  );
  assert.equal(d.mode, "paired_test_failed");
  assert.equal(d.state?.config_id, "r1_c0");
  assert.equal(d.merge?.config_id, "r2_c0");
  assert.equal(d.changed, false);
});

Deno.test("replaying an applied round changes nothing; a missing champion row re-initialises", () => {
  const prev = decideChampion(null, [row(0, "json", [1])], 1).state;
  const replay = decideChampion(prev, [row(1, "vector", [1])], 1);
  assert.equal(replay.mode, "round_already_applied");
  assert.equal(replay.state, prev);
  assert.equal(replay.merge, null);
  const re = decideChampion(prev, [{ ...row(1, "vector", [1]), config_id: "r2_c1" }], 2);
  assert.equal(re.mode, "reinit_no_champion_row");
  assert.equal(re.state?.config_id, "r2_c1");
});
