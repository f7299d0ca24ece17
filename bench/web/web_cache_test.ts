import assert from "node:assert/strict";
import { z } from "../../core/zod.ts";
import { denoFs, osError, withFsPort } from "../../core/fs_port.ts";
import { WebCache } from "./web_cache.ts";

Deno.test("a web cache on a full or read-only disk answers every call uncached with one warning", async () => {
  const dir = await Deno.makeTempDir({ prefix: "web_cache_" });
  const warnings: string[] = [];
  const cache = new WebCache(dir, "readwrite", (m) => warnings.push(m));
  let calls = 0;
  const port = { ...denoFs, writeFile: (p: string) => Promise.reject(osError("EROFS", p)) };
  const values = await withFsPort(port, async () => [
    await cache.through("page", { url: "a" }, z.string(), () => Promise.resolve(`v${++calls}`)),
    await cache.through("page", { url: "b" }, z.string(), () => Promise.resolve(`v${++calls}`)),
  ]);
  assert.deepEqual(values, ["v1", "v2"]);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /EROFS.*uncached/);
  await Deno.remove(dir, { recursive: true });
});
