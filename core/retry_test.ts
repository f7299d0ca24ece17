import assert from "node:assert/strict";
import { ModelError } from "./ports.ts";
import {
  type AttemptFailure,
  backoffDelay,
  defaultSleep,
  parseRetryAfter,
  type RetryPolicy,
  withRetries,
} from "./retry.ts";

function policy(over: Partial<RetryPolicy> = {}): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    maxRetries: 3,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    slept,
    ...over,
  };
}

const retryable = (e: unknown): AttemptFailure => ({
  error: new ModelError("network", String((e as Error).message)),
  retryable: true,
});

Deno.test("parseRetryAfter reads delta-seconds", () => {
  assert.equal(parseRetryAfter(new Headers({ "retry-after": "3" }), 0), 3000);
  assert.equal(parseRetryAfter(new Headers({ "retry-after": "0.5" }), 0), 500);
});

Deno.test("parseRetryAfter reads an HTTP date relative to now", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const headers = new Headers({ "retry-after": "Thu, 01 Jan 2026 12:00:07 GMT" });
  assert.equal(parseRetryAfter(headers, now), 7000);
  assert.equal(parseRetryAfter(headers, now + 60_000), 0);
});

Deno.test("parseRetryAfter prefers retry-after-ms and ignores garbage", () => {
  assert.equal(
    parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), 0),
    250,
  );
  assert.equal(parseRetryAfter(new Headers({ "retry-after": "soon" }), 0), undefined);
  assert.equal(parseRetryAfter(new Headers(), 0), undefined);
  assert.equal(parseRetryAfter(undefined, 0), undefined);
});

Deno.test("backoff doubles per retry, with jitter between half and the full step", () => {
  assert.equal(backoffDelay(0, policy({ random: () => 0 })), 50);
  assert.equal(backoffDelay(0, policy({ random: () => 0.999999 })), 50 + 0.999999 * 50);
  assert.equal(backoffDelay(2, policy({ random: () => 0 })), 200);
});

Deno.test("backoff and Retry-After are both capped by maxDelayMs", () => {
  assert.equal(backoffDelay(20, policy({ random: () => 0 })), 500);
  assert.equal(backoffDelay(0, policy(), 5000), 1000);
  assert.equal(backoffDelay(0, policy(), 300), 300);
});

Deno.test("withRetries retries retryable failures and returns the first success", async () => {
  const p = policy();
  let calls = 0;
  const value = await withRetries(
    () => {
      calls++;
      return calls < 3 ? Promise.reject(new Error("flaky")) : Promise.resolve("done");
    },
    retryable,
    p,
  );
  assert.equal(value, "done");
  assert.equal(calls, 3);
  assert.deepEqual(p.slept, [75, 150]);
});

Deno.test("withRetries gives up after maxRetries and throws the classified error", async () => {
  const p = policy({ maxRetries: 2 });
  let calls = 0;
  await assert.rejects(
    withRetries(
      () => {
        calls++;
        return Promise.reject(new Error("down"));
      },
      retryable,
      p,
    ),
    (e) => e instanceof ModelError && e.code === "network" && e.message === "down",
  );
  assert.equal(calls, 3);
});

Deno.test("withRetries stops at once on a non-retryable failure", async () => {
  const p = policy();
  let calls = 0;
  await assert.rejects(
    withRetries(
      () => {
        calls++;
        return Promise.reject(new Error("bad request"));
      },
      () => ({ error: new ModelError("http", "400", 400), retryable: false }),
      p,
    ),
    (e) => e instanceof ModelError && e.status === 400,
  );
  assert.equal(calls, 1);
  assert.deepEqual(p.slept, []);
});

Deno.test("withRetries waits the server-requested time", async () => {
  const p = policy();
  let calls = 0;
  await withRetries(
    () => {
      calls++;
      return calls === 1 ? Promise.reject(new Error("429")) : Promise.resolve(1);
    },
    (e) => ({ ...retryable(e), retryAfterMs: 420 }),
    p,
  );
  assert.deepEqual(p.slept, [420]);
});

Deno.test("defaultSleep resolves after the delay and rejects as aborted when aborted", async () => {
  const started = Date.now();
  await defaultSleep(20);
  assert.ok(Date.now() - started >= 15);
  const controller = new AbortController();
  const pending = defaultSleep(10_000, controller.signal);
  controller.abort();
  await assert.rejects(pending, (e) => e instanceof ModelError && e.code === "aborted");
  await assert.rejects(defaultSleep(5, AbortSignal.abort()), ModelError);
});
