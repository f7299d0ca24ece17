import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { draftsToUnits, issueText, OFFLINE_MODEL_ID, perTypeOf } from "./units.ts";
import { recoveredSuccess } from "./fixtures_test.ts";

Deno.test("invalid drafts become labelled failure lines; valid ones become units", () => {
  let n = 0;
  const deps = { clock: logicalClock(), newId: () => `u${n++}` };
  const out = draftsToUnits(
    [
      { type: "tip", content: { principle: "Do A, because B" }, source_refs: ["step:0"] },
      { type: "insight", content: { root_cause_conclusion: "r" }, source_refs: ["step:0"] },
    ],
    recoveredSuccess(),
    deps,
    OFFLINE_MODEL_ID,
    (d, i) => `offline ${d.type}[${i}]`,
  );
  assert.deepEqual(out.units.map((u) => [u.id, u.extraction_model]), [["u0", "offline:rules"]]);
  assert.deepEqual(out.failures, [
    "offline insight[1]: rejected: content.corrective_strategy: Invalid input: expected string, received undefined",
  ]);
  assert.deepEqual(perTypeOf(["tip", "insight"], out.units, "offline"), [
    { type: "tip", units: 1, mode: "offline" },
    { type: "insight", units: 0, mode: "offline" },
  ]);
  assert.equal(issueText([{ path: [], message: "m" }]), "(root): m");
});
