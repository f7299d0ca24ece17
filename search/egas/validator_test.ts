import assert from "node:assert/strict";
import { specLabel } from "../../core/spec.ts";
import { normaliseArchitecture } from "./validator.ts";

function label(x: unknown) {
  const r = normaliseArchitecture(x);
  return r.ok
    ? `${specLabel(r.spec)} | ${r.repairs.length}`
    : `invalid: ${r.issues.map((i) => i.message).join("; ")}`;
}

Deno.test("valid proposals in both shapes pass unchanged", () => {
  assert.equal(
    label({
      encode: ["workflow", "tip"],
      store: "hybrid",
      retrieve: "mmr",
      manage: "lightweight",
      schema_version: "1",
    }),
    "tip+workflow/hybrid/mmr/lightweight | 0",
  );
  assert.equal(
    label({
      extract_types: ["tip"],
      storage_routing: { tip: "json" },
      retrieval: "hybrid",
      management: "json_full",
    }),
    "tip/json/hybrid/json_full | 0",
  );
});

Deno.test("graph retrieval on a non-graph store switches the store", () => {
  const r = normaliseArchitecture({
    encode: ["tip"],
    store: "json",
    retrieve: "graph",
    manage: "lightweight",
  });
  assert.ok(r.ok);
  assert.equal(specLabel(r.spec), "tip/graph/graph/lightweight");
  assert.match(r.repairs.join(" "), /store: 'json' → 'graph'/);
});

Deno.test("repairs: mixed routing, legacy retrieval, unknown and duplicate types, stray fields", () => {
  assert.equal(
    label({
      extract_types: ["tip", "workflow", "bogus", "tip"],
      storage_routing: { tip: "vector", workflow: "vector", bogus: "json" },
      retrieval: "semantic",
      management: "lightweight",
    }),
    "tip+workflow/vector/hybrid/lightweight | 4",
  );
  assert.equal(
    label({ encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight", why: "x" }),
    "tip/json/hybrid/lightweight | 1",
  );
  assert.equal(
    label({ encode: ["tip"], store: "graph", retrieve: "hybrid", manage: "graph_consolidate" }),
    "tip/graph/hybrid/json_full | 1",
  );
});

Deno.test("retired presets and empty encodes stay invalid", () => {
  assert.match(
    label({ encode: ["tip"], store: "json", retrieve: "hybrid", manage: "skywork_unified" }),
    /^invalid: Unknown management preset/,
  );
  assert.match(
    label({ encode: ["bogus"], store: "json", retrieve: "hybrid", manage: "lightweight" }),
    /^invalid/,
  );
  assert.match(label("tip/json"), /^invalid/);
});
