import assert from "node:assert/strict";
import { principleOf, sharedTerms, termsOf } from "./key_terms.ts";
import { makeUnit } from "./testing/mod.ts";

Deno.test("termsOf keeps distinct content words; sharedTerms keeps those most texts share", () => {
  assert.deepEqual(termsOf("Verify the dates, verify THE sources first"), [
    "verify",
    "dates",
    "sources",
  ]);
  assert.deepEqual(
    sharedTerms(["verify dates in sources", "verify dates twice", "check sources and dates"], 2),
    ["dates", "sources"],
  );
  assert.deepEqual(sharedTerms(["alpha beta", "gamma delta"], 5), []);
});

Deno.test("principleOf picks each type's main statement, else the content text", () => {
  assert.equal(principleOf(makeUnit("t", { text: "Do X" })), "Do X");
  assert.equal(
    principleOf(
      makeUnit("i", {
        type: "insight",
        content: { root_cause_conclusion: "cause", corrective_strategy: "fix" },
      }),
    ),
    "fix",
  );
  assert.equal(
    principleOf(makeUnit("s", { type: "shortcut", content: { name: "n", precondition: "p" } })),
    "p n",
  );
});
