import assert from "node:assert/strict";
import { SerialQueue } from "./serial_queue.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

Deno.test("calls run one at a time in call order even when they await", async () => {
  const q = new SerialQueue();
  const log: string[] = [];
  const job = (name: string) => async () => {
    log.push(`${name}:start`);
    await tick();
    log.push(`${name}:end`);
    return name;
  };
  const results = await Promise.all([q.run(job("a")), q.run(job("b")), q.run(job("c"))]);
  assert.deepEqual(results, ["a", "b", "c"]);
  assert.deepEqual(log, ["a:start", "a:end", "b:start", "b:end", "c:start", "c:end"]);
});

Deno.test("a failing call rejects its own promise and does not block the next", async () => {
  const q = new SerialQueue();
  const failed = q.run(() => Promise.reject(new Error("boom")));
  const next = q.run(() => Promise.resolve(42));
  await assert.rejects(failed, /boom/);
  assert.equal(await next, 42);
});
