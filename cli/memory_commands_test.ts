import assert from "node:assert/strict";
import { parseParams } from "./memory_commands.ts";
import { UsageError } from "./io.ts";

Deno.test("--params reads numeric retriever parameters and names the retriever's keys on a typo", () => {
  assert.deepEqual(parseParams(undefined, "hybrid"), {});
  assert.deepEqual(parseParams("keyword_weight=0, semantic_weight=1", "hybrid"), {
    keyword_weight: 0,
    semantic_weight: 1,
  });
  assert.throws(
    () => parseParams("keyword_wieght=0", "hybrid"),
    (e: unknown) =>
      e instanceof UsageError && e.message.includes("keyword_wieght") &&
      e.message.includes("semantic_weight"),
  );
  assert.throws(() => parseParams("keyword_weight=lots", "hybrid"), UsageError);
  assert.throws(() => parseParams("keyword_weight", "hybrid"), UsageError);
  // A list-valued parameter is not a number.
  assert.throws(() => parseParams("expand_edge_types=1", "graph"), UsageError);
});
