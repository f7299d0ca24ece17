import assert from "node:assert/strict";
import { fingerprint, specLabel } from "../../core/spec.ts";
import { spec } from "../testing/specs.ts";
import { applyChange, describeMove, suggestMove } from "./moves.ts";

const noBounds = { encode: {}, store: {}, retrieve: {}, manage: {} };

Deno.test("leaving a graph store takes graph-only modules with it", () => {
  const s = applyChange(spec("tip/graph/graph/graph_consolidate"), "store", "set", "json");
  assert.equal(specLabel(s!), "tip/json/hybrid/json_full");
  assert.equal(applyChange(spec("tip/json/hybrid/lightweight"), "encode", "add", "tip"), null);
});

Deno.test("moves respect the evaluated set and prefer higher optimistic bounds", () => {
  const base = spec("tip/json/hybrid/lightweight");
  const bounds = { ...noBounds, retrieve: { mmr: 0.1, contrastive: 0.3 } };
  const m = suggestMove(base, "retrieval_noise", { evaluated: new Set(), bounds });
  assert.equal(describeMove(m!.move), "retrieve: hybrid → contrastive");
  const blocked = new Set([fingerprint(spec("tip/json/contrastive/lightweight"))]);
  assert.equal(
    suggestMove(base, "retrieval_noise", { evaluated: blocked, bounds })!.move.to,
    "mmr",
  );
  const add = suggestMove(base, "extraction_gap", { evaluated: new Set(), bounds: noBounds });
  assert.equal(describeMove(add!.move), "encode: [tip] → [tip, workflow]");
});
