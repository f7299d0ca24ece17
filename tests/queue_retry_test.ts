import assert from "node:assert/strict";
import {
  JobFailedError,
  JobQueue,
  PermanentJobError,
  startQueueWorker,
} from "../core/redis_queue.ts";
import { redisServerPath, startTestRedis } from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";

Deno.test({
  name:
    `jobs retry with backoff, fail for good after their attempts or at once when refused, and a known id re-attaches${SKIP}`,
  ignore: !HAVE_REDIS,
  async fn() {
    const redis = await startTestRedis({ password: "retry-pass" });
    const runs = new Map<string, number>();
    const worker = await startQueueWorker({
      url: redis.url,
      workerName: "w-test",
      concurrency: 2,
      handler: (data) => {
        const { kind, id } = data as { kind: string; id: string };
        runs.set(id, (runs.get(id) ?? 0) + 1);
        if (kind === "flaky" && runs.get(id)! < 2) throw new Error("transient hiccup");
        if (kind === "broken") throw new Error("always broken");
        if (kind === "refused") throw new PermanentJobError("wrong code version");
        return Promise.resolve({ echo: id });
      },
    });
    const queue = await JobQueue.open(redis.url, { backoffMs: 50, pollMs: 200 });
    try {
      const flaky = await queue.submit("flaky-1", { kind: "flaky", id: "flaky-1" });
      assert.deepEqual(flaky, { value: { echo: "flaky-1" }, worker: "w-test" });
      assert.equal(runs.get("flaky-1"), 2, "one retry after the transient failure");

      await assert.rejects(queue.submit("broken-1", { kind: "broken", id: "broken-1" }), (e) => {
        assert.ok(e instanceof JobFailedError);
        assert.match(e.message, /always broken/);
        return true;
      });
      assert.equal(runs.get("broken-1"), 3, "every attempt was used");

      await assert.rejects(
        queue.submit("refused-1", { kind: "refused", id: "refused-1" }),
        /wrong code version/,
      );
      assert.equal(runs.get("refused-1"), 1, "a refusal is not retried");

      const again = await queue.submit("flaky-1", { kind: "flaky", id: "flaky-1" });
      assert.deepEqual(again.value, { echo: "flaky-1" });
      assert.equal(runs.get("flaky-1"), 2, "a finished job is re-attached to, not run again");
      const counts = await queue.counts();
      assert.equal(counts.completed, 1);
      assert.equal(counts.failed, 2);
    } finally {
      await queue.close();
      await worker.close();
      await redis.stop();
    }
  },
});
