import assert from "node:assert/strict";
import { spec } from "../testing/specs.ts";
import {
  acquireBatch,
  invertMatrix,
  Surrogate,
  SURROGATE_FEATURES,
  surrogateFeatures,
} from "./surrogate.ts";

const rec = (label: string, lift: number, n_evals = 4) => ({
  architecture: spec(label),
  lift,
  n_evals,
});

Deno.test("features are one-hot per layer and multi-hot over encode types", () => {
  const x = surrogateFeatures(spec("tip+workflow/json/mmr/tool_manager"));
  const on = SURROGATE_FEATURES.filter((_, i) => x[i] === 1);
  assert.deepEqual(on, [
    "intercept",
    "encode=tip",
    "encode=workflow",
    "store=json",
    "retrieve=mmr",
    "manage=tool_manager",
  ]);
});

Deno.test("invertMatrix returns the inverse of a symmetric positive-definite matrix", () => {
  const m = [new Float64Array([4, 1]), new Float64Array([1, 3])];
  const inv = invertMatrix(m);
  assert.ok(Math.abs(inv[0][0] - 3 / 11) < 1e-12 && Math.abs(inv[0][1] + 1 / 11) < 1e-12);
  assert.throws(
    () => invertMatrix([new Float64Array([1, 1]), new Float64Array([1, 1])]),
    /singular/,
  );
});

Deno.test("the fit credits the coordinate that varies with lift, not the company it kept", () => {
  // workflow is always paired with mmr, but the mmr-only architecture shows mmr does nothing.
  const model = Surrogate.fit([
    rec("tip/json/hybrid/lightweight", 0),
    rec("tip/json/mmr/lightweight", 0),
    rec("tip+workflow/json/mmr/lightweight", 0.2),
    rec("workflow/json/mmr/lightweight", 0.2),
    rec("tip/vector/hybrid/lightweight", 0),
  ]);
  const e = model.effects();
  assert.ok(e["encode=workflow"] > 0.05, `workflow ${e["encode=workflow"]}`);
  assert.ok(Math.abs(e["retrieve=mmr"]) < e["encode=workflow"] / 4, `mmr ${e["retrieve=mmr"]}`);
  assert.ok(
    model.mean(spec("workflow/json/hybrid/lightweight")) >
      model.mean(spec("tip/json/mmr/lightweight")) + 0.05,
  );
});

Deno.test("uncertainty shrinks where the archive measured and after a hallucinated pick", () => {
  const model = Surrogate.fit([
    rec("tip/json/hybrid/lightweight", 0.1, 3),
    rec("tip/vector/hybrid/lightweight", 0.1, 3),
  ]);
  const seen = spec("tip/json/hybrid/lightweight");
  const unseen = spec("shortcut/graph/graph/graph_consolidate");
  assert.ok(model.sd(seen) < model.sd(unseen));
  const before = model.sd(unseen);
  model.hallucinate(unseen);
  assert.ok(model.sd(unseen) < before);
  assert.equal(
    model.mean(unseen),
    Surrogate.fit([
      rec("tip/json/hybrid/lightweight", 0.1, 3),
      rec("tip/vector/hybrid/lightweight", 0.1, 3),
    ]).mean(unseen),
  );
});

Deno.test("acquisition spreads a batch instead of repeating the same region", () => {
  const model = Surrogate.fit([rec("tip/json/hybrid/lightweight", 0)]);
  const pool = [
    spec("tip/json/mmr/lightweight"),
    spec("tip/json/contrastive/lightweight"),
    spec("workflow/graph/graph/graph_consolidate"),
  ];
  const picks = acquireBatch(model, pool, 2, 1);
  assert.equal(picks.length, 2);
  // The most distant architecture is the most uncertain and is taken first.
  assert.equal(picks[0], pool[2]);
  assert.equal(new Set(picks).size, 2);
});

Deno.test("an empty archive gives a zero prediction with prior uncertainty", () => {
  const model = Surrogate.fit([]);
  const s = spec("tip/json/hybrid/lightweight");
  assert.ok(Math.abs(model.mean(s)) < 1e-12);
  assert.ok(model.sd(s) > 0);
});
