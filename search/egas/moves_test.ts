import assert from "node:assert/strict";
import { type ArchitectureSpec, fingerprint, specLabel } from "../../core/spec.ts";
import { spec } from "../testing/specs.ts";
import { applyChange, describeMove, suggestMove } from "./moves.ts";

Deno.test("leaving a graph store takes graph-only modules with it", () => {
  const s = applyChange(spec("tip/graph/graph/graph_consolidate"), "store", "set", "json");
  assert.equal(specLabel(s!), "tip/json/hybrid/json_full");
  assert.equal(applyChange(spec("tip/json/hybrid/lightweight"), "encode", "add", "tip"), null);
});

Deno.test("moves respect the evaluated set and prefer the higher-ranked result", () => {
  const base = spec("tip/json/hybrid/lightweight");
  const rank = (s: ArchitectureSpec) => ({ mmr: 0.1, contrastive: 0.3 })[s.retrieve as "mmr"] ?? 0;
  const m = suggestMove(base, "retrieval_noise", { evaluated: new Set(), rank });
  assert.equal(describeMove(m!.move), "retrieve: hybrid → contrastive");
  const blocked = new Set([fingerprint(spec("tip/json/contrastive/lightweight"))]);
  assert.equal(suggestMove(base, "retrieval_noise", { evaluated: blocked, rank })!.move.to, "mmr");
});

Deno.test("without a ranking the rule's preference order decides", () => {
  const base = spec("tip/json/hybrid/lightweight");
  const add = suggestMove(base, "extraction_gap", { evaluated: new Set() });
  assert.equal(describeMove(add!.move), "encode: [tip] → [tip, workflow]");
  assert.equal(suggestMove(base, "retrieval_noise", { evaluated: new Set() })!.move.to, "mmr");
});

Deno.test("a swap drops whichever type gives the higher-ranked result", () => {
  const base = spec("tip+insight/json/hybrid/lightweight");
  // Keeping insight is rated higher than keeping tip.
  const rank = (s: ArchitectureSpec) => (s.encode.includes("insight") ? 1 : 0);
  const m = suggestMove(base, "extraction_low_quality", { evaluated: new Set(), rank });
  assert.equal(describeMove(m!.move), "encode: [tip, insight] → [insight, workflow]");
});
