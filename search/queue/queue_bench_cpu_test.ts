import assert from "node:assert/strict";
import { median } from "../../core/median.ts";
import { cpuCase } from "./queue_bench_cpu.ts";
import { formatQueueBench, type QueueBenchRow } from "./queue_bench.ts";
import { redisServerPath, startTestRedis } from "./testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;

Deno.test({
  name: `bench queue's CPU case times every configuration in each round and reports medians${
    HAVE_REDIS ? "" : " (skipped: redis-server is not installed)"
  }`,
  ignore: !HAVE_REDIS,
  async fn() {
    const redis = await startTestRedis();
    const out = await Deno.makeTempDir({ prefix: "automem-cpu-case-test-" });
    try {
      const rows: QueueBenchRow[] = [];
      await cpuCase(redis, out, {
        architectures: 2,
        seed: 42,
        warmUpJobsPerSlot: 1,
        rounds: 2,
        sizes: { warmup: 1, search: 2, validation: 1, test: 1 },
      }, (r) => rows.push(r));
      assert.deepEqual(rows.map((r) => `${r.mode} ${r.layout}`), [
        "in_process 1x1",
        "in_process 1x2",
        "queue 1x1",
        "queue 2x1",
      ]);
      for (const r of rows) {
        assert.equal(r.rounds, 2);
        assert.equal(r.round_speedups?.length, 2);
        assert.ok(r.wall_ms > 0);
        // The row's median is of unrounded ratios; the listed rounds are rounded to 2 places.
        assert.ok(Math.abs(r.speedup - median(r.round_speedups!)) <= 0.01);
      }
      assert.deepEqual(rows[0].round_speedups, [1, 1]);
      assert.deepEqual(rows[2].round_speedups, [1, 1]);
      assert.ok(rows[3].warm_up_ms! > 0);
      const table = formatQueueBench(rows);
      assert.match(table.split("\n")[4], /^cpu_world_sweep\s+queue\s+2\s+2x1\s+2\s/);
    } finally {
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});
