import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import {
  readTree,
  redisServerPath,
  startTestRedis,
  startTestWorker,
  type TestWorker,
  treeDiff,
} from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";
const SECRET = "sk-test-queue-secret-4f1c9a";
const PASSWORD = "queue-pass-7d2e";
// Searches run with a key in every environment (a dry run builds no model, so none is called);
// sweeps build their models from the environment, so they run without one.
const ENV = { OPENAI_API_KEY: SECRET, NO_COLOR: "1" };
const NO_KEY = { NO_COLOR: "1" };
const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** A tiny offline world search (dry run: no model is built, though a key is in the env). */
function searchArgs(out: string, name: string): string[] {
  return [
    "search",
    "--benchmark",
    "world",
    "--run_name",
    name,
    "--output_dir",
    out,
    "--max_rounds",
    "1",
    "--num_candidates",
    "2",
    "--warmup_n",
    "1",
    "--search_n",
    "4",
    "--batch_size",
    "4",
    "--validation_n",
    "2",
    "--test_n",
    "1",
    "--parallel",
    "2",
    "--final_validation",
    "--dry_run",
    "--quiet",
  ];
}

function sweepArgs(out: string): string[] {
  return [
    "sweep",
    "--benchmark",
    "world",
    "--split",
    "search",
    "--warmup_n",
    "1",
    "--search_n",
    "2",
    "--validation_n",
    "1",
    "--test_n",
    "1",
    "--sample",
    "3",
    "--parallel",
    "2",
    "--seed",
    "5",
    "--out",
    out,
  ];
}

async function cli(args: string[], env: Record<string, string> = ENV): Promise<string> {
  const io = captureIo({ env });
  const code = await runCli(args, io, COMMANDS);
  assert.equal(code, 0, io.err.join(""));
  return io.err.join("");
}

function spawnCli(args: string[], env: Record<string, string> = ENV): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, ...args],
    stdout: "null",
    stderr: "null",
    env,
  }).spawn();
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sameTree = async (a: string, b: string) =>
  treeDiff(await readTree(a, ["events.jsonl"]), await readTree(b, ["events.jsonl"]));

Deno.test({
  name:
    `through Redis and two worker subprocesses, a world search and a sweep match in-process byte for byte, survive a killed worker, coordinator and Redis, and leave no key in Redis${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const redis = await startTestRedis({ password: PASSWORD });
    const out = await Deno.makeTempDir();
    const workers: TestWorker[] = [];
    const worker = (name: string) => {
      const w = startTestWorker(redis.url, name, ["--stall_ms", "2000"], ENV);
      workers.push(w);
      return w;
    };
    try {
      worker("w1");
      worker("w2");
      await cli(searchArgs(out, "local"));
      await cli(sweepArgs(join(out, "sweep_local")), NO_KEY);

      await t.step(
        "a search through the queue matches in-process byte for byte after a worker is killed mid-job and the coordinator is killed and resumed",
        async () => {
          const args = [...searchArgs(out, "queued"), "--queue", redis.url];
          const coordinator = spawnCli(args);
          // Kill whichever worker starts a round candidate first, mid-job.
          let victim: TestWorker | undefined;
          await until("a worker to start a candidate", () => {
            victim = workers.find((w) => /start am-\w+-r1c\d/.test(w.log()));
            return victim !== undefined;
          });
          await victim!.kill("SIGKILL");
          worker("w3");
          await until(
            "a candidate to finish",
            async () =>
              (await Deno.readTextFile(join(out, "queued", "events.jsonl")).catch(() => ""))
                .includes('"candidate_finished"'),
          );
          coordinator.kill("SIGKILL");
          await coordinator.status;
          const log = await cli([...args, "--resume"]);
          assert.doesNotMatch(log, new RegExp(PASSWORD), "the queue URL is redacted in logs");
          assert.deepEqual(await sameTree(join(out, "local"), join(out, "queued")), []);
          const jobs = (await redis.cli("keys", "bull:automem-evals:am-*")).trim().split("\n");
          const units = new Set(jobs.map((k) => k.split(":").pop()));
          assert.equal(jobs.length, units.size, "one job per unit after the resume");
          const ran = workers.map((w) => w.log()).join("");
          assert.match(ran, /done am-\w+-r1c\d-/, "workers ran the candidates");
        },
      );

      await t.step("no key or password in a Redis dump or in the artifacts", async () => {
        assert.match(await redis.cli("save"), /OK/);
        const dump = new TextDecoder("latin1").decode(
          await Deno.readFile(join(redis.dir, "dump.rdb")),
        );
        assert.ok(dump.includes("r1c1"), "the dump holds the jobs");
        assert.ok(!dump.includes(SECRET), "no API key in Redis");
        assert.ok(!dump.includes(PASSWORD), "no queue password in Redis");
        for (const [path, text] of await readTree(join(out, "queued"))) {
          assert.ok(!text.includes(SECRET) && !text.includes(PASSWORD), path);
        }
      });

      await t.step(
        "a sweep through the queue matches in-process after Redis is killed and restarted mid-sweep (its queue lost)",
        async () => {
          const dir = join(out, "sweep_restart");
          // A Redis of its own (nothing to re-attach to) with two fresh workers.
          const redis2 = await startTestRedis({ password: PASSWORD });
          const pair = [
            startTestWorker(redis2.url, "s1", ["--stall_ms", "2000"], NO_KEY),
            startTestWorker(redis2.url, "s2", ["--stall_ms", "2000"], NO_KEY),
          ];
          try {
            const starts = () =>
              pair.reduce((n, w) => n + w.log().split("start am-").length - 1, 0);
            const sweep = spawnCli([...sweepArgs(dir), "--queue", redis2.url], NO_KEY);
            // Both workers are mid-job when Redis dies, so both lose a job's lock and result.
            await until("both workers to start a sweep job", () => starts() >= 2);
            await redis2.kill();
            await new Promise((r) => setTimeout(r, 300));
            await redis2.restart();
            assert.equal((await sweep.status).code, 0);
            assert.deepEqual(await sameTree(join(out, "sweep_local"), dir), []);
          } finally {
            for (const w of pair) await w.kill("SIGKILL");
            await redis2.stop();
          }
        },
      );
    } finally {
      for (const w of workers) await w.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(out, { recursive: true }).catch(() => {});
    }
  },
});
