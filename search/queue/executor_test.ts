import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../../core/clock.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { JobQueue, startQueueWorker } from "../../core/redis_queue.ts";
import { CandidateResultSchema } from "../artifacts.ts";
import { parseSearchConfig } from "../config.ts";
import { runSearchWith } from "../engine.ts";
import { readEvents } from "../events.ts";
import { readArtifact } from "../../run_dir/run_dir.ts";
import { createFakeBenchmark } from "../testing/fake_benchmark.ts";
import { fakeServices } from "../testing/fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "../testing/small_search.ts";
import { queueExecutor, type UnitDone } from "./executor.ts";
import { runUnit } from "./run_unit.ts";
import { redisServerPath, startTestRedis } from "./testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";

Deno.test({
  name:
    `a candidate whose job keeps failing on the workers fails with the error recorded; the rest of the search goes on${SKIP}`,
  ignore: !HAVE_REDIS,
  async fn() {
    const redis = await startTestRedis();
    const out = await Deno.makeTempDir();
    const bench = createFakeBenchmark({ n: 24, families: 5, baseRate: 0.3 });
    let attempts = 0;
    const worker = await startQueueWorker({
      url: redis.url,
      workerName: "w-local",
      concurrency: 2,
      handler: (data) => {
        if ((data as { label?: string }).label === "r1c1") {
          attempts++;
          throw new Error("disk on fire");
        }
        return runUnit(data, {
          services: fakeServices(bench),
          embedder: new HashEmbedder(),
          modelsFor: () => ({}),
          scratch: out,
        });
      },
    });
    const queue = await JobQueue.open(redis.url, { backoffMs: 20, pollMs: 200 });
    try {
      const cfg = parseSearchConfig({
        run_name: "fails",
        output_dir: out,
        ...SMALL_SEARCH_FLAGS,
        max_rounds: 1,
      });
      if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
      const done: UnitDone[] = [];
      const summary = await runSearchWith(cfg.value, {
        models: {},
        embedder: new HashEmbedder(),
        clock: logicalClock(),
        executor: queueExecutor({
          queue,
          models: { task: null, judge: null, memory: null },
          onUnit: (d) => done.push(d),
        }),
      }, fakeServices(bench));
      assert.equal(summary.status, "finished");
      const failed = await readArtifact(
        join(out, "fails", "round_1", "candidate_1", "result.json"),
        CandidateResultSchema,
      );
      assert.equal(failed?.status, "failed");
      assert.match(failed?.error ?? "", /disk on fire/);
      assert.equal(attempts, 3, "the job was retried before the candidate failed");
      const ok = await readArtifact(
        join(out, "fails", "round_1", "candidate_0", "result.json"),
        CandidateResultSchema,
      );
      assert.equal(ok?.status, "ok");
      assert.ok(done.some((d) => d.label === "r1c0" && d.worker === "w-local"));
      const dispatch = (await readEvents(join(out, "fails", "events.jsonl")))
        .flatMap((e) => e.type === "unit_dispatch" ? [e] : []);
      const states = (label: string) =>
        dispatch.filter((e) => e.label === label).map((e) => `${e.state}:${e.worker}`);
      const r1c0 = states("r1c0").filter((s) => s !== "active:w-local");
      assert.deepEqual(r1c0, ["queued:null", "done:w-local"], "queued, (active,) done on w-local");
      assert.equal(states("r1c1").at(-1), "failed:null");
    } finally {
      await queue.close();
      await worker.close();
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});
