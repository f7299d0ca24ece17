/**
 * `scaffold evolve --queue`: each episode of every evaluation is a job on worker subprocesses,
 * and the run directory (episode records and gzipped traces, state, summary, report) matches
 * the in-process run byte for byte (events aside, which carry wall-clock times).
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { scaffoldQueueStatus } from "../server/scaffold_queue_status.ts";
import {
  redisServerPath,
  startTestRedis,
  startTestWorker,
  type TestWorker,
} from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";
const ENV = { NO_COLOR: "1" };

function evolveArgs(out: string, name: string): string[] {
  return [
    "scaffold",
    "evolve",
    "--env",
    "tiny",
    "--seeds",
    "1-2",
    "--heldout_seeds",
    "3",
    "--iterations",
    "1",
    "--attempts",
    "1",
    "--max_steps",
    "60",
    "--offline",
    "--output_dir",
    out,
    "--run_name",
    name,
  ];
}

async function cli(args: string[]) {
  const io = captureIo({ env: ENV });
  const code = await runCli(args, io, COMMANDS);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

/** Every file under `root` as bytes, by relative path (events.jsonl left out). */
async function bytesTree(root: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else if (e.name !== "events.jsonl") out.set(relative(root, p), await Deno.readFile(p));
    }
  };
  await walk(root);
  return out;
}

function differing(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): string[] {
  const same = (x?: Uint8Array, y?: Uint8Array) =>
    !!x && !!y && x.length === y.length && x.every((v, i) => v === y[i]);
  return [...new Set([...a.keys(), ...b.keys()])].sort().filter((k) => !same(a.get(k), b.get(k)));
}

Deno.test({
  name:
    `scaffold evolve --queue: tiny-game episodes run as jobs on two workers and the run directory matches in-process byte for byte${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startTestRedis();
    const out = await Deno.makeTempDir({ prefix: "automem-scaffold-queue-" });
    const workers: TestWorker[] = [];
    try {
      workers.push(startTestWorker(redis.url, "sw1", [], ENV));
      workers.push(startTestWorker(redis.url, "sw2", [], ENV));
      const local = await cli(evolveArgs(out, "local"));
      assert.equal(local.code, 0, local.err);

      const refused = await cli([
        ...evolveArgs(out, "p"),
        "--persist_memory",
        "--queue",
        redis.url,
      ]);
      assert.equal(refused.code, 2);
      assert.match(refused.err, /--persist_memory episodes carry memory/);

      const queued = await cli([...evolveArgs(out, "queued"), "--queue", redis.url]);
      assert.equal(queued.code, 0, queued.err + workers.map((w) => w.log()).join(""));
      assert.equal(
        queued.out.replace(/"run_dir": "[^"]*"/, ""),
        local.out.replace(/"run_dir": "[^"]*"/, ""),
      );
      assert.deepEqual(
        differing(await bytesTree(join(out, "local")), await bytesTree(join(out, "queued"))),
        [],
      );
      const ran = workers.map((w) => w.log()).join("");
      assert.match(ran, /done am-scaffold-\w+-1-/, "workers played the episodes");
      assert.match(queued.err, /queue: episode 3 of \w+ done on sw[12]/, "who played what");
      const status = scaffoldQueueStatus(
        await Deno.readTextFile(join(out, "queued", "events.jsonl")),
      );
      assert.ok(status, "episode_dispatch events in the run's event log");
      assert.equal(status.queued + status.active + status.failed, 0);
      assert.ok(status.done >= 3, `episodes done through the queue: ${status.done}`);
      assert.deepEqual(
        status.workers.reduce((n, w) => n + w.episodes.length, 0),
        status.done,
        "every finished episode names its worker",
      );
      assert.ok(status.workers.every((w) => /^sw[12]$/.test(w.worker)));
    } finally {
      for (const w of workers) await w.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(out, { recursive: true }).catch(() => {});
    }
  },
});
