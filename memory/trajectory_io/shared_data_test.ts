import assert from "node:assert/strict";
import { hasSharedData, sharedDataUrl } from "./shared_data.ts";

Deno.test("shared data resolves beside the repository, not inside it", () => {
  const url = sharedDataUrl("locomo/locomo10.json");
  const repo = new URL("../../", import.meta.url);
  assert.ok(url.href.endsWith("/shared/data/locomo/locomo10.json"));
  assert.ok(!url.href.startsWith(repo.href));
  assert.equal(hasSharedData("no/such/file.json"), false);
});
