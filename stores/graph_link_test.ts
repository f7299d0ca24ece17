import assert from "node:assert/strict";
import { buildLinkBatch, factType, memoryId, snapshotEntities } from "./graph_link.ts";
import { fixtureUnits } from "./store_conformance.ts";

Deno.test("buildLinkBatch links tasks, entities, existing relation targets and facts", () => {
  const [a, b] = fixtureUnits(2);
  const a2 = {
    ...a,
    relations: [{
      target_id: b.id,
      relation_type: "supports" as const,
      weight: 0.5,
      annotation: "",
    }, { target_id: "gone", relation_type: "similar" as const, weight: 1, annotation: "" }],
  };
  const batch = buildLinkBatch(
    [{ unit: a2, text: "" }, { unit: { ...b, source_task_id: "" }, text: "" }],
    new Map([[a.id, {
      entities: [{ type: "tool", name: "Pandas", aliases: ["pd"] }, {
        type: "concept",
        name: "CSV",
      }, { type: "tool", name: "pandas" }],
      facts: [{ source: "PD", target: "csv", relation: "reads from", fact: "Pandas reads CSV." }, {
        source: "pd",
        target: "pandas",
        relation: "SAME",
        fact: "",
      }],
    }]]),
    { ids: ["e:tool:pandas", "e:concept:csv", "e:tool:pandas"], nodes: new Map() },
    { hasNode: () => false, hasEdge: () => false, createdAt: "2026-01-01T00:00:00.000Z" },
  );
  assert.deepEqual(batch.memories.map((m) => [m.id, m.task?.id]), [[
    memoryId(a.id),
    `q:${a.source_task_id}`,
  ], [memoryId(b.id), undefined]]);
  assert.deepEqual(batch.edges.map((e) => `${e.source}>${e.target}:${e.type}`), [
    `m:${a.id}>e:tool:pandas:HAS_ENTITY`,
    `m:${a.id}>e:concept:csv:HAS_ENTITY`,
    `m:${a.id}>m:${b.id}:SUPPORTS`,
    "e:tool:pandas>e:concept:csv:READS_FROM",
  ]);
});

Deno.test("factType makes UPPER_SNAKE_CASE edge types", () => {
  assert.equal(factType("is part of"), "IS_PART_OF");
  assert.equal(factType("  3 uses-API! "), "USES_API");
  assert.equal(factType("!!"), "");
});

Deno.test("snapshotEntities keeps listed entities and adds bare nodes for unlisted targets", () => {
  const nodes = snapshotEntities({
    units: [],
    entities: [{ id: "e:tool:x", type: "tool", name: "X", aliases: ["ex"], summary: "s" }],
    edges: [
      { source: "m:a", target: "e:tool:x", type: "HAS_ENTITY", weight: 1 },
      { source: "m:a", target: "e:tag:multi:part", type: "HAS_ENTITY", weight: 1 },
      { source: "m:a", target: "e:tag:present", type: "HAS_ENTITY", weight: 1 },
    ],
  }, (id) => id === "e:tag:present");
  assert.deepEqual(nodes, [
    { id: "e:tool:x", type: "tool", name: "X", aliases: ["ex"], summary: "s" },
    { id: "e:tag:multi:part", type: "tag", name: "multi:part", aliases: [], summary: "" },
  ]);
});
