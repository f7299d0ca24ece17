import assert from "node:assert/strict";
import { join } from "node:path";
import { readEvents } from "../search/events.ts";

const DRIVER = new URL("../search/testing/resume_driver.ts", import.meta.url).pathname;
const ROOT = new URL("..", import.meta.url).pathname;

async function drive(out: string, name: string, ...args: string[]): Promise<number> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", DRIVER, out, name, ...args],
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
  });
  const { code, stderr } = await cmd.output();
  if (code !== 0 && code !== 130) {
    throw new Error(`driver failed (${code}): ${new TextDecoder().decode(stderr)}`);
  }
  return code;
}

/** Every artifact of a run but the event log, by relative path. */
async function artifacts(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string, rel: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name), r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory) await walk(p, r);
      else if (e.name !== "events.jsonl") out.set(r, await Deno.readTextFile(p));
    }
  };
  await walk(root, "");
  return out;
}

Deno.test("SIGINT and SIGTERM at several points stop cleanly (exit 130, lock released) and --resume gives the uninterrupted run's artifacts", async () => {
  const out = await Deno.makeTempDir();
  assert.equal(await drive(out, "ref"), 0);
  const events = await readEvents(join(out, "ref", "events.jsonl"));
  const reference = await artifacts(join(out, "ref"));
  // The signal lands in the task after the event, so the hardest points are right after a
  // stage's second-to-last task: the interrupted task is the one whose result would commit it.
  const beforeLast = (stage: string, nth = 0) =>
    events.filter((e) =>
      e.type === "task_finished" && e.stage === stage && e.index === Number(e.n_tasks) - 1
    )[nth].seq;
  const plans: [number, Deno.Signal][][] = [
    [[4, "SIGTERM"]],
    [[beforeLast("round"), "SIGINT"]],
    [[beforeLast("round", 2), "SIGTERM"], [beforeLast("runoff"), "SIGINT"]],
    [[beforeLast("final_test"), "SIGTERM"]],
  ];
  await Promise.all(plans.map(async (signals, i) => {
    const name = `s${i}`;
    let resume: string[] = [];
    for (const [at, sig] of signals) {
      const code = await drive(out, name, ...resume, "--signal_after", String(at), sig);
      assert.equal(code, 130, `run ${name} stopped on ${sig} at event ${at}`);
      await assert.rejects(Deno.stat(join(out, name, ".run_active.lock")), Deno.errors.NotFound);
      const summary = JSON.parse(await Deno.readTextFile(join(out, name, "summary.json")));
      assert.equal(summary.status, "interrupted");
      resume = ["--resume"];
    }
    assert.equal(await drive(out, name, "--resume"), 0);
    const resumed = await artifacts(join(out, name));
    const differ = [...reference].filter(([k, v]) => resumed.get(k) !== v).map(([k]) => k);
    assert.deepEqual(differ, [], `${name}: artifacts differ from the uninterrupted run`);
    assert.deepEqual([...resumed.keys()].sort(), [...reference.keys()].sort());
  }));
});
