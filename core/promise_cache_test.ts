import assert from "node:assert/strict";
import { PromiseCache } from "./promise_cache.ts";

Deno.test("promise cache builds once per key and shares the promise", async () => {
  const cache = new PromiseCache<number>();
  let builds = 0;
  const build = () => Promise.resolve(++builds);
  const [a, b] = await Promise.all([cache.get("k", build), cache.get("k", build)]);
  assert.equal(a, 1);
  assert.equal(b, 1);
  assert.equal(await cache.get("other", build), 2);
  assert.deepEqual(await cache.values(), [1, 2]);
});

Deno.test("promise cache forgets a failed build so the next caller builds again", async () => {
  const cache = new PromiseCache<string>();
  await assert.rejects(cache.get("k", () => Promise.reject(new Error("down"))), /down/);
  assert.equal(await cache.get("k", () => Promise.resolve("up")), "up");
  assert.deepEqual(await cache.values(), ["up"]);
});
