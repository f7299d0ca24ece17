import assert from "node:assert/strict";
import type { Same } from "./same_type.ts";
import type { z } from "./zod.ts";
import { MemoryUnitSchema } from "./unit.ts";
import {
  matchesScope,
  type MetadataValue,
  type MetadataValueSchema,
  overlayScope,
  parseScope,
  ScopeError,
  scopeTokens,
  type UnitScope,
  type UnitScopeSchema,
  withScope,
} from "./unit_scope.ts";

// The written-out types (documented field by field) stay equal to what the schemas infer.
const valueIsSchema: Same<MetadataValue, z.infer<typeof MetadataValueSchema>> = true;
const scopeIsSchema: Same<UnitScope, z.infer<typeof UnitScopeSchema>> = true;
void [valueIsSchema, scopeIsSchema];

Deno.test("scope filters match exactly, field by field and metadata key by key", () => {
  const unit = { user_id: "u", project: "p", metadata: { lang: "en", n: 1, ok: true } };
  assert.ok(matchesScope(unit, {}));
  assert.ok(matchesScope(unit, { user_id: "u", metadata: { n: 1, ok: true } }));
  assert.ok(!matchesScope(unit, { user_id: "U" }));
  assert.ok(!matchesScope(unit, { agent_id: "a" }), "a field the unit lacks never matches");
  assert.ok(!matchesScope(unit, { metadata: { n: "1" } }), "values compare with their type");
  assert.ok(!matchesScope({}, { metadata: { lang: "en" } }));
});

Deno.test("tokens contain a filter's tokens exactly when the filter matches", () => {
  const unit = { user_id: "u", metadata: { lang: "en", n: 1 } };
  const has = (f: object) => scopeTokens(f).every((t) => scopeTokens(unit).includes(t));
  for (
    const f of [{ user_id: "u" }, { metadata: { n: 1 } }, { metadata: { n: "1" } }, {
      project: "p",
    }]
  ) {
    assert.equal(has(f), matchesScope(unit, f), JSON.stringify(f));
  }
});

Deno.test("a call's scope overlays the default; metadata merges key by key", () => {
  assert.deepEqual(
    overlayScope({ user_id: "a", project: "p", metadata: { x: 1 } }, {
      user_id: "b",
      metadata: { y: 2 },
    }),
    { user_id: "b", project: "p", metadata: { x: 1, y: 2 } },
  );
  const stamped = withScope({ id: "m1", user_id: "old" }, { user_id: "new" });
  assert.deepEqual(stamped, { id: "m1", user_id: "new" });
});

Deno.test("bad scope input is an invalid_scope error naming the field", () => {
  const bad = [
    [{ user_id: "" }, "s.user_id"],
    [{ agent_id: "a\u0000" }, "s.agent_id"],
    [{ project: "p".repeat(129) }, "s.project"],
    [{ metadata: { k: { nested: 1 } } }, "s.metadata.k"],
    [
      { metadata: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])) },
      "s.metadata",
    ],
    [{ owner: "x" }, "s"],
  ] as const;
  for (const [input, field] of bad) {
    assert.throws(
      () => parseScope(input, "s"),
      (e: unknown) =>
        e instanceof ScopeError && e.code === "invalid_scope" && e.message.includes(field),
      JSON.stringify(input),
    );
  }
});

Deno.test("old units without scope fields still parse, and scoped ones keep them", () => {
  const base = {
    id: "m1",
    type: "tip",
    signature: "0123456789abcdef",
    content: { principle: "x" },
    source_task_id: "t",
    task_outcome: "",
    created_at: "2026-01-01T00:00:00Z",
  };
  const old = MemoryUnitSchema.parse(base);
  assert.equal("user_id" in old, false);
  const scoped = MemoryUnitSchema.parse({ ...base, user_id: "u", metadata: { a: true } });
  assert.equal(scoped.user_id, "u");
  assert.deepEqual(scoped.metadata, { a: true });
  assert.equal(MemoryUnitSchema.safeParse({ ...base, project: "" }).success, false);
});
