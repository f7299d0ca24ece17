/**
 * Workers prove their code: a worker started from a copy of this checkout with one module
 * changed (the world's cost model) computes another code digest at start-up, refuses the
 * coordinator's jobs and says so in its log; the queued search stops as `failed` on an
 * infrastructure fault (exit 1) instead of finishing with the other code's numbers.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import {
  redisServerPath,
  startTestRedis,
  tinyWorldSearchArgs,
} from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";
const ROOT = new URL("..", import.meta.url).pathname;
const SKIP_DIRS = new Set(["node_modules", ".tools", ".git", "runs", ".automem"]);

/** A copy of this checkout (dependencies shared through a link) with `edit` applied. */
async function modifiedCopy(edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "automem-copy-" });
  const copy = async (from: string, to: string) => {
    for await (const e of Deno.readDir(from)) {
      if (SKIP_DIRS.has(e.name)) continue;
      if (e.isDirectory) {
        await Deno.mkdir(join(to, e.name));
        await copy(join(from, e.name), join(to, e.name));
      } else if (e.isFile) await Deno.copyFile(join(from, e.name), join(to, e.name));
    }
  };
  await copy(ROOT, dir);
  await Deno.symlink(join(ROOT, "node_modules"), join(dir, "node_modules"));
  await edit(dir);
  return dir;
}

Deno.test({
  name:
    `a worker running a modified copy of the code refuses the coordinator's jobs and logs why; the queued search fails (exit 1), never scoring with other code${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startTestRedis();
    const out = await Deno.makeTempDir();
    const copy = await modifiedCopy((dir) =>
      Deno.writeTextFile(
        join(dir, "bench", "world", "cost_model.ts"),
        "\n// another commit's cost model\n",
        { append: true },
      )
    );
    // The copy uses the shared dependencies as they are, never installing into them.
    const worker = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        "--node-modules-dir=manual",
        join(copy, "main.ts"),
        "worker",
        "--queue",
        redis.url,
        "--name",
        "drifted",
      ],
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    let log = "";
    const pump = (async () => {
      for await (const c of worker.stderr) log += new TextDecoder().decode(c);
    })();
    try {
      const io = captureIo({ env: { NO_COLOR: "1" } });
      const code = await runCli(
        [...tinyWorldSearchArgs(out, "q"), "--queue", redis.url],
        io,
        COMMANDS,
      );
      const err = io.err.join("");
      assert.equal(code, 1, err + log);
      assert.match(err, /infrastructure fault \(queue\).*refused by worker drifted: code version/);
      const summary = JSON.parse(await Deno.readTextFile(join(out, "q", "summary.json")));
      assert.equal(summary.status, "failed");
      assert.match(log, /worker drifted: failed .*refused by worker drifted: code version/);
    } finally {
      worker.kill("SIGKILL");
      await worker.status;
      await pump.catch(() => {});
      await redis.stop();
      await Deno.remove(out, { recursive: true });
      await Deno.remove(copy, { recursive: true });
    }
  },
});
