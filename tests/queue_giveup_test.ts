/**
 * A queue that gives up: connecting to a closed port, with a wrong password, against an
 * untrusted certificate or in plain text to a TLS port fails with exit 1 and a redacted reason
 * (the old code retried forever); Redis lost mid-run stops the search as `failed` (exit 1) and
 * `--resume` finishes it; one SIGTERM ends a coordinator whose Redis is gone, or that is still
 * connecting, with exit 130.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { freePort } from "../core/free_port.ts";
import {
  redisServerPath,
  startTestRedis,
  tinyWorldSearchArgs,
  tlsRedisUnsupported,
} from "../search/queue/testing/mod.ts";

const HAVE_REDIS = redisServerPath() !== null;
const SKIP = HAVE_REDIS ? "" : " (skipped: redis-server is not installed)";
const TLS_UNSUPPORTED = await tlsRedisUnsupported();
const TLS_SKIP = TLS_UNSUPPORTED ? ` (skipped: ${TLS_UNSUPPORTED})` : "";
const PASSWORD = "giveup-pass-91c3";
const MAIN = new URL("../main.ts", import.meta.url).pathname;

const searchArgs = (out: string) => tinyWorldSearchArgs(out, "q");

async function search(out: string, url: string, env: Record<string, string> = {}) {
  const io = captureIo({ env: { NO_COLOR: "1", AUTOMEM_QUEUE_TIMEOUT: "1", ...env } });
  const code = await runCli([...searchArgs(out), "--queue", url], io, COMMANDS);
  return { code, err: io.err.join("") };
}

/** A coordinator subprocess, its stderr collected. */
function spawnSearch(out: string, url: string, env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, ...searchArgs(out), "--queue", url],
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1", ...env },
  }).spawn();
  let text = "";
  const pump = (async () => {
    for await (const chunk of child.stderr) text += new TextDecoder().decode(chunk);
  })();
  return {
    child,
    log: () => text,
    /** Its exit code; a process still alive after `graceMs` is killed and the wait fails. */
    async exit(graceMs = 120_000): Promise<number> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const hung = new Promise<number>((r) => timer = setTimeout(() => r(-1), graceMs));
      const code = await Promise.race([child.status.then((s) => s.code), hung]);
      clearTimeout(timer);
      if (code === -1) child.kill("SIGKILL");
      await child.status;
      await pump.catch(() => {});
      return code;
    },
  };
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dispatched = (out: string) => () =>
  Deno.readTextFile(join(out, "q", "events.jsonl")).then(
    (t) => t.includes('"unit_dispatch"'),
    () => false,
  );

Deno.test({
  name:
    `search --queue to a closed port or with a wrong password fails with exit 1 and a redacted reason instead of retrying forever${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const out = await Deno.makeTempDir();
    const closed = await search(join(out, "a"), `redis://:${PASSWORD}@127.0.0.1:${freePort()}`);
    assert.equal(closed.code, 1, closed.err);
    assert.match(
      closed.err,
      /cannot reach the queue at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ within 1 s/,
    );
    const redis = await startTestRedis({ password: PASSWORD });
    try {
      // A refused password ends the wait at once, long before this timeout.
      const wrong = await search(join(out, "b"), redis.url.replace(PASSWORD, "not-the-password"), {
        AUTOMEM_QUEUE_TIMEOUT: "120",
      });
      assert.equal(wrong.code, 1, wrong.err);
      assert.match(wrong.err, /refused the connection: WRONGPASS/);
      for (const text of [closed.err, wrong.err]) {
        assert.ok(!text.includes(PASSWORD) && !text.includes("not-the-password"), text);
      }
    } finally {
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name:
    `search --queue against an untrusted certificate, or in plain redis:// to a TLS port, fails with exit 1${TLS_SKIP}`,
  ignore: TLS_UNSUPPORTED !== null,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const out = await Deno.makeTempDir();
    const redis = await startTestRedis({ password: PASSWORD, tls: true });
    // A certificate of another server: valid, but not the one this Redis presents.
    const other = await startTestRedis({ tls: true });
    const wrongCa = join(out, "other-ca.crt");
    await Deno.copyFile(other.caFile!, wrongCa);
    await other.stop();
    try {
      const untrusted = await search(join(out, "a"), redis.url, {
        AUTOMEM_QUEUE_CA_FILE: wrongCa,
        AUTOMEM_QUEUE_TIMEOUT: "120",
      });
      assert.equal(untrusted.code, 1, untrusted.err);
      assert.match(
        untrusted.err,
        /the queue at rediss:\/\/:\*\*\*@localhost:\d+ refused the connection: .*certificate/i,
      );
      const plain = await search(join(out, "b"), `redis://127.0.0.1:${redis.port}`);
      assert.equal(plain.code, 1, plain.err);
      assert.match(plain.err, /cannot reach the queue at redis:\/\/127\.0\.0\.1:\d+ within 1 s/);
      for (const text of [untrusted.err, plain.err]) assert.ok(!text.includes(PASSWORD));
    } finally {
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name:
    `Redis lost mid-run stops the search as failed (exit 1, "lost the queue"), and --resume with Redis back finishes it${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const out = await Deno.makeTempDir();
    const redis = await startTestRedis();
    try {
      // No worker: the first job waits in the queue, then Redis dies for good.
      const coordinator = spawnSearch(out, redis.url, { AUTOMEM_QUEUE_TIMEOUT: "5" });
      await until("the first job to be queued", dispatched(out));
      await redis.kill();
      assert.equal(await coordinator.exit(), 1, coordinator.log());
      assert.match(coordinator.log(), /lost the queue at redis:\/\/127\.0\.0\.1:\d+: unreachable/);
      const summary = JSON.parse(await Deno.readTextFile(join(out, "q", "summary.json")));
      assert.equal(summary.status, "failed");
      // Redis back (empty: no persistence); the resumed run finishes in process.
      await redis.restart();
      const io = captureIo({ env: { NO_COLOR: "1" } });
      const code = await runCli([...searchArgs(out), "--resume"], io, COMMANDS);
      assert.equal(code, 0, io.err.join(""));
    } finally {
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name:
    `one SIGTERM ends a coordinator whose Redis is gone, and one that is still connecting, with exit 130 (the run resumable)${SKIP}`,
  ignore: !HAVE_REDIS,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const out = await Deno.makeTempDir();
    const redis = await startTestRedis();
    try {
      const coordinator = spawnSearch(out, redis.url, { AUTOMEM_QUEUE_TIMEOUT: "600" });
      await until("the first job to be queued", dispatched(out));
      await redis.kill();
      coordinator.child.kill("SIGTERM");
      assert.equal(await coordinator.exit(), 130, coordinator.log());
      const summary = JSON.parse(await Deno.readTextFile(join(out, "q", "summary.json")));
      assert.equal(summary.status, "interrupted");
      await assert.rejects(Deno.stat(join(out, "q", ".run_active.lock")), Deno.errors.NotFound);

      const connecting = spawnSearch(join(out, "c"), `redis://127.0.0.1:${freePort()}`, {
        AUTOMEM_QUEUE_TIMEOUT: "600",
      });
      await until("a connection error", () => /queue: .*ECONNREFUSED/.test(connecting.log()));
      connecting.child.kill("SIGTERM");
      assert.equal(await connecting.exit(), 130, connecting.log());
    } finally {
      await redis.stop();
      await Deno.remove(out, { recursive: true });
    }
  },
});
