import assert from "node:assert/strict";
import {
  allCoordinates,
  compatibilityViolations,
  encodeSubsets,
  spaceManifest,
  validCoordinates,
} from "./space.ts";

Deno.test("counts come from enumeration: 3720 combinations of which 2573 are valid", () => {
  const m = spaceManifest();
  assert.equal(m.counts.cartesian_total, 3720);
  assert.equal(m.counts.compatible_total, 2573);
  assert.equal(m.counts.encode_subsets, 31);
  assert.equal([...allCoordinates()].length, 3720);
  assert.equal([...validCoordinates()].length, 2573);
});

Deno.test("each encode subset admits 83 valid store/retrieve/manage combinations", () => {
  for (const subset of encodeSubsets()) {
    const n = [...validCoordinates()].filter((c) => c.encode.join() === subset.join()).length;
    assert.equal(n, 83);
  }
});

Deno.test("graph retrieval and graph_consolidate need a graph store", () => {
  assert.equal(
    compatibilityViolations({ store: "json", retrieve: "graph", manage: "lightweight" }).length,
    1,
  );
  assert.equal(
    compatibilityViolations({ store: "graph", retrieve: "hybrid", manage: "graph_consolidate" })
      .length,
    1,
  );
  assert.equal(
    compatibilityViolations({ store: "llm_graph", retrieve: "graph", manage: "graph_consolidate" })
      .length,
    0,
  );
});
