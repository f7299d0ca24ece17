import assert from "node:assert/strict";
import { join } from "node:path";
import { readEvents } from "../search/events.ts";

const DRIVER = new URL("../search/testing/resume_driver.ts", import.meta.url).pathname;
const COMPARED = [
  "pareto_front.json",
  "champion_state.json",
  "summary.json",
  "search_state.json",
  "canonical/pool.json",
  "final_runoff/runoff_result.json",
  "final_validation/validation_result.json",
];

async function drive(out: string, name: string, ...args: string[]): Promise<Deno.CommandStatus> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", DRIVER, out, name, ...args],
    cwd: new URL("..", import.meta.url).pathname,
    stdout: "null",
    stderr: "piped",
  });
  const { code, signal, success, stderr } = await cmd.output();
  if (!success && signal !== "SIGKILL") {
    throw new Error(`driver failed (${code}): ${new TextDecoder().decode(stderr)}`);
  }
  return { code, signal, success };
}

async function read(out: string, name: string, file: string): Promise<string> {
  return await Deno.readTextFile(join(out, name, file));
}

Deno.test("SIGKILL at several points, then --resume, gives the uninterrupted run's artifacts", async () => {
  const out = await Deno.makeTempDir();
  assert.ok((await drive(out, "ref")).success);
  const total = (await readEvents(join(out, "ref", "events.jsonl"))).length;
  const winner = JSON.parse(await read(out, "ref", "summary.json")).winner;
  assert.ok(winner.fingerprint, "the reference run has a winner");
  // Kill points spread over baseline, warm-up, rounds, runoff and final test; one run dies twice.
  const plans: number[][] = [[3], [Math.round(total * 0.35)], [
    Math.round(total * 0.6),
    Math.round(total * 0.8),
  ], [total - 4]];
  await Promise.all(plans.map(async (kills, i) => {
    const name = `k${i}`;
    let resume: string[] = [];
    for (const k of kills) {
      // `k` counts events across invocations: seq continues after a resume.
      const status = await drive(out, name, ...resume, "--kill_after", String(k));
      assert.equal(status.signal, "SIGKILL", `run ${name} was killed at event ${k}`);
      resume = ["--resume"];
    }
    assert.ok((await drive(out, name, "--resume")).success);
    for (const f of COMPARED) {
      assert.equal(await read(out, name, f), await read(out, "ref", f), `${name}: ${f}`);
    }
    const lock = join(out, name, ".run_active.lock");
    await assert.rejects(Deno.stat(lock), Deno.errors.NotFound);
  }));
});
