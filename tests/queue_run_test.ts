/**
 * `automem run --queue`: every task of an offline fixture-web run is a job on a worker
 * subprocess, and the run folder matches the in-process run byte for byte.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
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
const PASSWORD = "run-queue-pass-91c";
const ENV = { NO_COLOR: "1" };

/** Where two texts first differ, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: in-process: …${a.slice(Math.max(0, i - 80), i + 80)}…\nqueued: …${
    b.slice(Math.max(0, i - 80), i + 80)
  }…`;
}

async function run(cwd: string, args: string[]) {
  const io = captureIo({ env: ENV, cwd });
  const code = await runCli(["run", ...args], io, COMMANDS);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

Deno.test({
  name:
    `run --queue: offline GAIA fixture tasks run as jobs on a worker subprocess and the run folder matches in-process byte for byte${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "automem-run-queue-" });
    const port = freePort();
    const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
    const common = (out: string) => [
      "--benchmark",
      "GAIA",
      "--infile",
      files.gaia,
      "--output_dir",
      out,
      "--task_indices",
      "1-4",
      "--fixture_web",
      "--fixture_port",
      String(port),
      "--offline",
      "--quiet",
    ];
    const redis = await startTestRedis({ password: PASSWORD });
    // The in-process run serves the fixture web itself; it is closed before the worker serves it.
    const local = await run(dir, common("local"));
    assert.equal(local.code, 0, local.err);
    const worker = startTestWorker(redis.url, "rw1", ["--concurrency", "2"], ENV);
    try {
      const refused = await run(dir, [...common("spec"), "--queue", redis.url, "--spec", "x.json"]);
      assert.equal(refused.code, 2, refused.err);
      assert.match(refused.err, /--spec the tasks share one evolving memory/);

      const queued = await run(dir, [...common("queued"), "--queue", redis.url]);
      assert.equal(queued.code, 0, queued.err + worker.log());
      assert.equal(queued.out, local.out, "the same report");
      const a = await readTree(join(dir, "local")), b = await readTree(join(dir, "queued"));
      const diff = treeDiff(a, b);
      assert.deepEqual(
        diff,
        [],
        diff.length ? firstDifference(a.get(diff[0])!, b.get(diff[0])!) : "",
      );
      assert.match(worker.log(), /done am-run-gaia-1-/, "the worker ran the tasks");
      assert.doesNotMatch(queued.err, new RegExp(PASSWORD), "the queue URL is redacted");
      for (const [path, text] of await readTree(join(dir, "queued"))) {
        assert.ok(!text.includes(PASSWORD), path);
      }
    } finally {
      await worker.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
