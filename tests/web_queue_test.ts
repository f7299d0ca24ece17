/**
 * `automem worker` runs web-benchmark units: a GAIA search on the fixture web dispatched through
 * Redis to a worker subprocess (which builds the same agent toolkit as an in-process search and
 * shares the coordinator's fixture web) matches the in-process search byte for byte, and an
 * xBench search through the queue leaves no decrypted text in Redis.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../cli/run_cli.ts";
import { searchCommand } from "../cli/search_commands.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import { FIXTURE_TASKS } from "../bench/web/fixture_tasks.ts";
import {
  readTree,
  redisServerPath,
  startTestRedis,
  startTestWorker,
  treeDiff,
} from "../search/queue/testing/mod.ts";
import { freePort } from "../core/free_port.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";

function args(
  out: string,
  name: string,
  infile: string,
  port: number,
  benchmark = "GAIA",
): string[] {
  return [
    "search",
    "--run_name",
    name,
    "--output_dir",
    out,
    "--benchmark",
    benchmark,
    "--infile",
    infile,
    "--fixture_web",
    "--fixture_port",
    String(port),
    "--max_rounds",
    "1",
    "--num_candidates",
    "1",
    "--warmup_n",
    "1",
    "--search_n",
    "2",
    "--batch_size",
    "2",
    "--validation_n",
    "1",
    "--test_n",
    "1",
    "--parallel",
    "1",
    "--quiet",
  ];
}

async function search(argv: string[]): Promise<string> {
  const io = captureIo({ env: {} });
  const code = await runCli(argv, io, [searchCommand]);
  assert.equal(code, 0, io.err.join(""));
  return io.err.join("");
}

Deno.test({
  name:
    `a GAIA search on the fixture web through Redis and a worker matches in-process; xBench jobs carry sealed pools${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startTestRedis();
    const dir = await Deno.makeTempDir({ prefix: "automem-web-queue-" });
    const port = freePort();
    const worker = startTestWorker(
      redis.url,
      "web1",
      ["--fixture_web", "--fixture_port", String(port)],
      { AUTOMEM_CACHE_DIR: join(dir, "cache") },
    );
    try {
      const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
      const out = join(dir, "runs");
      await search(args(out, "local", files.gaia, port));
      await search([...args(out, "queued", files.gaia, port), "--queue", redis.url]);
      assert.match(worker.log(), /done am-\w+-r1c0-/, worker.log());
      assert.doesNotMatch(worker.log(), /failed am-/, worker.log());
      assert.deepEqual(
        treeDiff(
          await readTree(join(out, "local"), ["events.jsonl"]),
          await readTree(join(out, "queued"), ["events.jsonl"]),
        ),
        [],
      );

      // xBench through the queue: the pools a job carries are sealed, so a Redis that persists
      // its jobs (here: SAVE to dump.rdb) holds no decrypted question or answer. The GAIA jobs
      // (open data, same fixture questions) are flushed first.
      assert.match(await redis.cli("flushall"), /OK/);
      await search([
        ...args(out, "xq", files.xbench, port, "xBench-DeepSearch"),
        "--queue",
        redis.url,
      ]);
      assert.match(worker.log(), /done am-\w+-warmup-/, worker.log());
      assert.match(await redis.cli("save"), /OK/);
      const dump = new TextDecoder("latin1").decode(
        await Deno.readFile(join(redis.dir, "dump.rdb")),
      );
      assert.ok(dump.includes("sealed_pool"), "the dump holds the sealed pools");
      const latin1 = (t: string) => new TextDecoder("latin1").decode(new TextEncoder().encode(t));
      for (const t of FIXTURE_TASKS) {
        assert.ok(!dump.includes(latin1(t.question)), `question of ${t.id} in Redis`);
      }
      const pool = await Deno.readTextFile(join(out, "xq", "canonical", "pool.json"));
      assert.match(pool, /^\{"sealed":/);
    } finally {
      await worker.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
