import assert from "node:assert/strict";
import { defaultDataPath } from "./data_paths.ts";
import { DEFAULT_LOCOMO_PATH } from "./locomo/default_path.ts";
import { DEFAULT_HOTPOT_PATH } from "./reflexion_hotpotqa/default_path.ts";

Deno.test("each data benchmark has its own default file; other names keep LoCoMo's", () => {
  assert.equal(defaultDataPath("reflexion-hotpotqa"), DEFAULT_HOTPOT_PATH);
  assert.equal(defaultDataPath("locomo"), DEFAULT_LOCOMO_PATH);
  assert.equal(defaultDataPath("world"), DEFAULT_LOCOMO_PATH);
});
