/**
 * `automem worker` runs web-benchmark units: a GAIA search on the fixture web dispatched through
 * Redis to a worker subprocess (which builds the same agent toolkit as an in-process search and
 * shares the coordinator's fixture web) matches the in-process search byte for byte.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../cli/run_cli.ts";
import { searchCommand } from "../cli/search_commands.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import {
  readTree,
  redisServerPath,
  startTestRedis,
  startTestWorker,
  treeDiff,
} from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

function args(out: string, name: string, infile: string, port: number): string[] {
  return [
    "search",
    "--run_name",
    name,
    "--output_dir",
    out,
    "--benchmark",
    "GAIA",
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
  name: `a GAIA search on the fixture web through Redis and a worker matches in-process${SKIP}`,
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
    } finally {
      await worker.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
