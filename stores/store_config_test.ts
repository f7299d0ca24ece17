import assert from "node:assert/strict";
import { storeConfigOf } from "./store_config.ts";

Deno.test("storeConfigOf copies the plan's store settings", () => {
  const store = Object.freeze({
    kind: "json" as const,
    dir: "/x/store_json",
    embedding_dim: 8,
    cold_start_threshold: 5,
  });
  const config = storeConfigOf({ store });
  assert.deepEqual(config, { ...store });
  assert.notEqual(config, store);
});
