import assert from "node:assert/strict";
import { edgeColumns, edgeFromRow, edgeKey, labelOf, statsOf, tableOf } from "./graph_schema.ts";
import { StoreError } from "./store_error.ts";

Deno.test("tableOf keeps structural, derived, relation and fact edges in separate tables", () => {
  const t = (source: string, target: string, type: string) => tableOf({ source, target, type }, []);
  assert.equal(t("q:1", "m:a", "HAS_MEMORY"), "HAS_MEMORY");
  assert.equal(t("m:a", "e:tool:x", "HAS_ENTITY"), "HAS_ENTITY");
  assert.equal(t("m:a", "m:b", "SIMILAR"), "DERIVED");
  assert.equal(t("m:a", "m:b", "COOCCURS"), "DERIVED");
  assert.equal(t("m:a", "m:b", "SUPERSEDES"), "RELATION");
  assert.equal(t("e:a:x", "e:b:y", "USES"), "FACT");
  for (
    const [s, tg, type] of [
      ["m:a", "m:b", "HAS_MEMORY"],
      ["m:a", "e:x:y", "SIMILAR"],
      ["x:a", "m:b", "SIMILAR"],
      ["m:a", "m:b", "similar"],
      ["m:", "m:b", "SIMILAR"],
    ]
  ) {
    assert.throws(
      () => tableOf({ source: s, target: tg, type }, ["edges", 0]),
      (e: unknown) =>
        e instanceof StoreError && e.code === "invalid_edge" && e.path.join(".") === "edges.0",
    );
  }
});

Deno.test("edge columns and rows round-trip optional statistics and facts", () => {
  const edge = {
    source: "m:a",
    target: "m:b",
    type: "SIMILAR",
    weight: 0.25,
    usage_count: 3,
    feedback_multiplier: 1.5,
  };
  assert.equal(statsOf(edge), '{"usage_count":3,"feedback_multiplier":1.5}');
  const [s, t, type, w, stats] = edgeColumns("DERIVED", edge);
  assert.deepEqual(edgeFromRow("DERIVED", { s, t, type, w: Number(w), stats }), edge);
  assert.deepEqual(edgeFromRow("RELATION", { s, t, type: "DEPENDS", w: 1, stats: "{}" }), {
    source: s,
    target: t,
    type: "DEPENDS",
    weight: 1,
  });
  assert.deepEqual(
    edgeFromRow("FACT", { s: "e:a:x", t: "e:a:y", type: "USES", w: 1, fact: null }),
    { source: "e:a:x", target: "e:a:y", type: "USES", weight: 1, fact: "" },
  );
  assert.deepEqual(edgeFromRow("HAS_ENTITY", { s: "m:a", t: "e:a:x" }), {
    source: "m:a",
    target: "e:a:x",
    type: "HAS_ENTITY",
    weight: 1,
  });
  assert.equal(edgeKey(edge), "m:a\u0000m:b\u0000SIMILAR");
  assert.equal(labelOf("q:task"), "Task");
  assert.equal(labelOf("nope"), undefined);
});
