/**
 * `automem run` killed with SIGKILL mid-run resumes to the same results as a run that was never
 * interrupted (offline agent on the fixture web).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import { freePort } from "../core/free_port.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

function command(cwd: string, infile: string, out: string, port: number): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      MAIN,
      "run",
      "--benchmark",
      "WebWalkerQA",
      "--infile",
      infile,
      "--output_dir",
      out,
      "--fixture_web",
      "--fixture_port",
      String(port),
      "--offline",
      "--task_indices",
      "1-5",
    ],
    cwd,
    env: { AUTOMEM_CACHE_DIR: join(cwd, "cache") },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  });
}

async function taskFiles(dir: string): Promise<number> {
  let n = 0;
  try {
    for await (const e of Deno.readDir(dir)) if (e.name.endsWith(".json")) n++;
  } catch {
    return 0;
  }
  return n;
}

Deno.test("a run killed with SIGKILL resumes to the uninterrupted run's results", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem-sigkill-" });
  try {
    const port = freePort();
    const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
    const ref = await command(dir, files.webwalker, "ref", port).output();
    assert.equal(ref.code, 0, new TextDecoder().decode(ref.stderr));
    const child = command(dir, files.webwalker, "k", port).spawn();
    const tasks = join(dir, "k", "tasks");
    while ((await taskFiles(tasks)) < 2) await new Promise((r) => setTimeout(r, 10));
    child.kill("SIGKILL");
    const killed = await child.output();
    assert.equal(killed.signal, "SIGKILL");
    const before = await taskFiles(tasks);
    assert.ok(before >= 2 && before < 5, `${before} task files before the resume`);
    const resumed = await command(dir, files.webwalker, "k", port).output();
    const err = new TextDecoder().decode(resumed.stderr);
    assert.equal(resumed.code, 0, err);
    assert.equal(err.match(/valid result kept/g)?.length, before);
    assert.equal(
      await Deno.readTextFile(join(dir, "k", "results.jsonl")),
      await Deno.readTextFile(join(dir, "ref", "results.jsonl")),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
