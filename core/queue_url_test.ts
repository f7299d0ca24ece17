import assert from "node:assert/strict";
import { parseQueueUrl, QueueUrlError, redactQueueUrl } from "./queue_url.ts";

Deno.test("queue URLs parse host, port, password, database and TLS", () => {
  assert.deepEqual(parseQueueUrl("redis://127.0.0.1:6390"), {
    host: "127.0.0.1",
    port: 6390,
    username: undefined,
    password: undefined,
    db: 0,
    tls: false,
  });
  const t = parseQueueUrl("rediss://user:p%40ss@redis.example:6380/2");
  assert.equal(t.tls, true);
  assert.equal(t.username, "user");
  assert.equal(t.password, "p@ss");
  assert.equal(t.db, 2);
  assert.equal(parseQueueUrl("redis://:only-pass@h").password, "only-pass");
  assert.equal(parseQueueUrl("redis://h").port, 6379);
});

Deno.test("bad queue URLs are refused without showing the password", () => {
  for (const bad of ["http://:hunter2@h:1", "redis://:hunter2@h:1/x", "not a url hunter2"]) {
    assert.throws(() => parseQueueUrl(bad), (e: unknown) => {
      assert.ok(e instanceof QueueUrlError);
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    });
  }
});

Deno.test("redacted queue URLs hide user and password but keep host and port", () => {
  assert.equal(redactQueueUrl("redis://:s3cret@10.0.0.5:6379"), "redis://:***@10.0.0.5:6379");
  assert.equal(redactQueueUrl("rediss://admin:s3cret@h:6380/1"), "rediss://***:***@h:6380/1");
  assert.equal(redactQueueUrl("redis://h:1"), "redis://h:1");
});
