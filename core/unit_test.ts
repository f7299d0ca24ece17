import assert from "node:assert/strict";
import type { Same } from "./same_type.ts";
import type { z } from "./zod.ts";
import {
  contentText,
  effectiveScore,
  type MemoryUnit,
  MemoryUnitSchema,
  type Relation,
  type RelationSchema,
  unitSignature,
} from "./unit.ts";

// The written-out types (documented field by field) stay equal to what the schemas infer.
const relationIsSchema: Same<Relation, z.infer<typeof RelationSchema>> = true;
const unitIsSchema: Same<MemoryUnit, z.infer<typeof MemoryUnitSchema>> = true;
void [relationIsSchema, unitIsSchema];

function unit(over: Partial<MemoryUnit>): MemoryUnit {
  return MemoryUnitSchema.parse({
    id: "u1",
    type: "tip",
    signature: "0123456789abcdef",
    content: { principle: "Do X, because Y" },
    source_task_id: "t1",
    task_outcome: "success",
    created_at: "2026-01-01T00:00:00.000Z",
    ...over,
  });
}

Deno.test("contentText puts priority keys first and does not repeat use_when triggers", () => {
  const u = unit({
    content: { topic: "search", extra: "more", principle: "Do X", use_when: ["when A"] },
    use_when: ["when A", "when B"],
  });
  assert.equal(contentText(u), "Do X search more when A when B");
});

Deno.test("workflow steps contribute only their action-like fields, in order", () => {
  const u = unit({
    type: "workflow",
    content: { agent_workflow: [{ step: 1, action: "open", rationale: "why", other: "no" }] },
  });
  assert.equal(contentText(u), "open why");
});

Deno.test("signature matches Python's sha256(json.dumps(content, sort_keys=True, ensure_ascii=False))[:16]", () => {
  // python3 -c 'import json,hashlib;print(hashlib.sha256(json.dumps({"b":[1,"é"],"a":"x"},sort_keys=True,ensure_ascii=False).encode()).hexdigest()[:16])'
  assert.equal(unitSignature({ b: [1, "é"], a: "x" }), "617a10079efbcae6");
});

Deno.test("effective score combines confidence, success rate, decay and recency", () => {
  const now = Date.parse("2026-01-01T00:00:00.000Z");
  const fresh = unit({ confidence: 0.8, usage_count: 2, success_count: 1, decay_weight: 0.5 });
  assert.ok(Math.abs(effectiveScore(fresh, now) - 0.8 * 0.75 * 0.5) < 1e-12);
  const week = now + 168 * 3_600_000;
  assert.ok(Math.abs(effectiveScore(fresh, week) - 0.8 * 0.75 * 0.5 / 2) < 1e-12);
});
