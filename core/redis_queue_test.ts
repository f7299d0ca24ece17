import assert from "node:assert/strict";
import { redisOptionsFor } from "./redis_queue.ts";

Deno.test("rediss:// URLs connect over TLS with the host as server name; passwords reach the client", () => {
  const tls = redisOptionsFor("rediss://:pw%21@cache.example:6380/3");
  assert.deepEqual(tls.tls, { servername: "cache.example" });
  assert.equal(tls.password, "pw!");
  assert.equal(tls.db, 3);
  assert.equal(tls.port, 6380);
  assert.equal(redisOptionsFor("redis://h:1").tls, undefined);
  assert.equal(redisOptionsFor("redis://h:1").maxRetriesPerRequest, null);
});
