/**
 * A queue over TLS with a password: a worker subprocess and a sweep coordinator reach a
 * `redis-server` serving only TLS (a self-signed certificate made with openssl at test time,
 * trusted through `AUTOMEM_QUEUE_CA_FILE`), the sweep matches in-process byte for byte, and the
 * password appears in no artifact or log.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import {
  readTree,
  startTestRedis,
  startTestWorker,
  tlsRedisUnsupported,
  treeDiff,
} from "../search/queue/testing/mod.ts";

const UNSUPPORTED = await tlsRedisUnsupported();
const SKIP = UNSUPPORTED ? ` (skipped: ${UNSUPPORTED})` : "";
const PASSWORD = "tls-queue-pass-5b8e";

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
    "2",
    "--seed",
    "9",
    "--out",
    out,
  ];
}

async function cli(args: string[], env: Record<string, string>) {
  const io = captureIo({ env });
  const code = await runCli(args, io, COMMANDS);
  return { code, err: io.err.join("") };
}

Deno.test({
  name:
    `rediss:// with a password and a private CA: a worker and a sweep coordinator work over TLS, match in-process, and never show the password${SKIP}`,
  ignore: UNSUPPORTED !== null,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const redis = await startTestRedis({ password: PASSWORD, tls: true });
    const out = await Deno.makeTempDir({ prefix: "automem-queue-tls-" });
    const env = { NO_COLOR: "1", AUTOMEM_QUEUE_CA_FILE: redis.caFile! };
    assert.match(redis.url, /^rediss:\/\//);
    const worker = startTestWorker(redis.url, "tls-w1", [], env);
    try {
      const local = await cli(sweepArgs(join(out, "local")), { NO_COLOR: "1" });
      assert.equal(local.code, 0, local.err);
      const untrusted = await cli(
        [...sweepArgs(join(out, "untrusted")), "--queue", redis.url],
        { NO_COLOR: "1", AUTOMEM_QUEUE_CA_FILE: join(out, "missing.pem") },
      );
      assert.equal(untrusted.code, 2, "a missing CA file is a usage error");
      assert.match(untrusted.err, /AUTOMEM_QUEUE_CA_FILE .*missing\.pem/);

      const queued = await cli([...sweepArgs(join(out, "queued")), "--queue", redis.url], env);
      assert.equal(queued.code, 0, queued.err + worker.log());
      assert.match(queued.err, /rediss:\/\/:\*\*\*@localhost:/, "the URL is shown redacted");
      assert.match(worker.log(), /done am-/, "the worker ran the jobs over TLS");
      assert.deepEqual(
        treeDiff(await readTree(join(out, "local")), await readTree(join(out, "queued"))),
        [],
      );
      for (const text of [queued.err, worker.log()]) assert.ok(!text.includes(PASSWORD));
      for (const [path, text] of await readTree(join(out, "queued"))) {
        assert.ok(!text.includes(PASSWORD), `password in ${path}`);
      }
    } finally {
      await worker.kill("SIGKILL");
      await redis.stop();
      await Deno.remove(out, { recursive: true }).catch(() => {});
    }
  },
});
