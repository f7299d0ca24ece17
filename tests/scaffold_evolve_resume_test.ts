import assert from "node:assert/strict";

const ARGS = [
  "run",
  "-A",
  "main.ts",
  "scaffold",
  "evolve",
  "--env",
  "tiny",
  "--seeds",
  "42-43",
  "--heldout_seeds",
  "100",
  "--iterations",
  "2",
  "--attempts",
  "2",
  "--max_steps",
  "60",
  "--quiet",
];
const ROOT = new URL("../", import.meta.url).pathname;

async function run(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

async function waitForEpisodes(path: string, n: number, child: Deno.ChildProcess) {
  for (let i = 0; i < 600; i++) {
    const text = await Deno.readTextFile(path).catch(() => "");
    if (text.split("\n").filter((l) => l.includes('"episode_finished"')).length >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error("the run never reached the kill point");
}

Deno.test("scaffold evolve killed with SIGKILL mid-run resumes to byte-identical artifacts", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await run([...ARGS, "--output_dir", dir, "--run_name", "whole"]);
    const child = new Deno.Command(Deno.execPath(), {
      args: [...ARGS, "--output_dir", dir, "--run_name", "killed"],
      cwd: ROOT,
      stdout: "null",
      stderr: "null",
    }).spawn();
    await waitForEpisodes(`${dir}/killed/events.jsonl`, 3, child);
    child.kill("SIGKILL");
    await child.status;
    await assert.rejects(() => Deno.stat(`${dir}/killed/summary.json`));
    await run([...ARGS, "--output_dir", dir, "--run_name", "killed", "--resume"]);
    for (const f of ["summary.json", "report.md", "final_scaffold.json", "state.json"]) {
      assert.equal(
        await Deno.readTextFile(`${dir}/killed/${f}`),
        await Deno.readTextFile(`${dir}/whole/${f}`),
        f,
      );
    }
    await assert.rejects(() => Deno.stat(`${dir}/killed/.run_active.lock`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
