import assert from "node:assert/strict";
import { defaultSteps, needEnv, parseSeeds } from "./scaffold_args.ts";
import { UsageError } from "./io.ts";

Deno.test("parseSeeds: ranges and lists mix, in the order given", () => {
  assert.deepEqual(parseSeeds("42-44, 7,100-100", "seeds"), [42, 43, 44, 7, 100]);
});

Deno.test("parseSeeds: a bad part, an empty range or no seed is a usage error naming the flag", () => {
  assert.throws(
    () => parseSeeds("4a", "seeds"),
    (e) => e instanceof UsageError && /--seeds/.test(e.message),
  );
  assert.throws(() => parseSeeds("9-3", "heldout_seeds"), /--heldout_seeds: range 9-3 is empty/);
  assert.throws(() => parseSeeds(" , ", "seeds"), /--seeds lists no seeds/);
});

Deno.test("needEnv refuses a missing --env; the tiny game gets longer default episodes", () => {
  assert.throws(() => needEnv({}), /--env is required/);
  assert.equal(needEnv({ env: "nethack" }), "nethack");
  assert.ok(defaultSteps("tiny") > defaultSteps("nethack"));
});
