import assert from "node:assert/strict";
import { contentText } from "../core/unit.ts";
import { SlotKeywords } from "./slot_keywords.ts";
import { fixtureUnits } from "./store_conformance.ts";

Deno.test("SlotKeywords re-indexes only changed text and filters on the current unit", () => {
  const [a, b] = fixtureUnits(2);
  const slotA = { unit: a, text: "alpha beta" }, slotB = { unit: b, text: "beta gamma" };
  const index = new SlotKeywords();
  index.apply([{ slot: slotA }, { slot: slotB }]);
  assert.deepEqual(index.search("beta", 5, undefined).map((h) => h.id).sort(), [a.id, b.id].sort());
  // A stats-only change keeps the old postings but the filter sees the new unit.
  slotA.unit = { ...a, is_active: false };
  index.apply([{ slot: slotA, previous: { unit: a, text: "alpha beta" } }]);
  assert.deepEqual(index.search("alpha", 5, undefined), []);
  assert.deepEqual(index.search("alpha", 5, { activeOnly: false }).map((h) => h.id), [a.id]);
  slotB.text = contentText(b);
  index.apply([{ slot: slotB, previous: { unit: b, text: "beta gamma" } }]);
  assert.deepEqual(index.search("gamma", 5, undefined), []);
  index.remove([a.id]);
  assert.deepEqual(index.search("alpha", 5, { activeOnly: false }), []);
});
