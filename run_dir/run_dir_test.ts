import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { RunDirError } from "./errors.ts";
import { acquireLock, RunDir, taskFileName } from "./run_dir.ts";
import { openRunDir } from "./open.ts";

const clock = logicalClock();
const opts = (outputDir: string, extra: Partial<Parameters<typeof openRunDir>[0]> = {}) => ({
  outputDir,
  runName: "run",
  resume: false,
  forceNew: false,
  clock,
  ...extra,
});

async function refusal(p: Promise<unknown>): Promise<RunDirError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof RunDirError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

Deno.test("a new run refuses an existing directory and names --resume and --force_new", async () => {
  const out = await Deno.makeTempDir();
  const a = await openRunDir(opts(out));
  await Deno.writeTextFile(a.dir.path("x.json"), "{}");
  await a.lock.release();
  const e = await refusal(openRunDir(opts(out)));
  assert.equal(e.code, "run_exists");
  assert.equal(e.exitCode, 2);
  assert.match(e.message, /--resume/);
  assert.match(e.message, /--force_new/);
  await Deno.writeTextFile(
    a.dir.path("summary.json"),
    JSON.stringify({
      status: "finished",
      winner: { architecture: null, fingerprint: null, validation_score: null, test_score: null },
      baseline: { search_score: null, validation_score: null, test_score: null },
      rounds: 0,
      evaluations: 0,
      usage: { tokens: 0, cost_usd: 0 },
      synthetic: false,
    }),
  );
  assert.match((await refusal(openRunDir(opts(out)))).message, /finished run/);
});

Deno.test("resume refuses a missing directory; force_new wipes everything but the lock", async () => {
  const out = await Deno.makeTempDir();
  assert.equal((await refusal(openRunDir(opts(out, { resume: true })))).code, "run_missing");
  const a = await openRunDir(opts(out));
  await Deno.writeTextFile(a.dir.path("old.json"), "{}");
  await a.lock.release();
  const b = await openRunDir(opts(out, { forceNew: true }));
  const names = [];
  for await (const e of Deno.readDir(b.dir.root)) names.push(e.name);
  assert.deepEqual(names, [".run_active.lock"]);
  await b.lock.release();
});

Deno.test("a live lock refuses and a stale lock is taken over", async () => {
  const out = await Deno.makeTempDir();
  const dir = new RunDir(join(out, "run"));
  const held = await acquireLock(dir, clock);
  const e = await refusal(acquireLock(dir, clock));
  assert.equal(e.code, "locked");
  assert.match(e.message, new RegExp(`process ${Deno.pid}`));
  await held.release();
  // A lock left by a process that no longer exists (pid far above pid_max).
  await Deno.writeTextFile(
    dir.lock,
    JSON.stringify({ pid: 2 ** 30, hostname: Deno.hostname(), proc_start: "1", acquired_at: "x" }),
  );
  const taken = await acquireLock(dir, clock);
  assert.equal(JSON.parse(await Deno.readTextFile(dir.lock)).pid, Deno.pid);
  await taken.release();
  await assert.rejects(Deno.stat(dir.lock), Deno.errors.NotFound);
});

Deno.test("task ids map to safe, distinct file names", () => {
  assert.equal(taskFileName("world-3:12"), "world-3:12.json");
  assert.equal(taskFileName("a/b"), "a%2Fb.json");
  assert.equal(taskFileName(".."), "%2E%2E.json");
  assert.notEqual(taskFileName("a b"), taskFileName("a_b"));
});

Deno.test("long and non-ASCII task ids map to distinct names the file system accepts", async () => {
  const dir = await Deno.makeTempDir();
  const ids = ["x".repeat(300), "x".repeat(299) + "y", "задача-".repeat(40), "任务".repeat(100)];
  const names = ids.map(taskFileName);
  assert.equal(new Set(names).size, ids.length);
  for (const name of names) {
    assert.ok(new TextEncoder().encode(name).length <= 255, name);
    await Deno.writeTextFile(`${dir}/${name}`, "{}");
  }
  assert.equal(taskFileName("short-id"), "short-id.json", "short ids keep their readable name");
});
