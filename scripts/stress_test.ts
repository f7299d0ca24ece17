import assert from "node:assert/strict";
import { failingTests, FLAKY_PRONE, stressArgs } from "./stress.ts";

Deno.test("stress takes --runs, --load and test files, defaulting to the flaky-prone tests", () => {
  assert.deepEqual(stressArgs([]), { runs: 5, load: 2, files: FLAKY_PRONE });
  assert.deepEqual(stressArgs(["--runs", "3", "--load", "0", "a_test.ts"]), {
    runs: 3,
    load: 0,
    files: ["a_test.ts"],
  });
  assert.throws(() => stressArgs(["--runs", "0"]), /--runs needs a whole number/);
});

Deno.test("stress names the failing tests of a deno test output", () => {
  const out = "a works ... \x1b[32mok\x1b[0m (1ms)\nb breaks ... \x1b[31mFAILED\x1b[0m (2ms)\n" +
    "b breaks => ./x_test.ts:3:6\n";
  assert.deepEqual(failingTests(out), ["b breaks"]);
});
