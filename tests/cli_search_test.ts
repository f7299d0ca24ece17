import assert from "node:assert/strict";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";

const SMOKE_TASKS = new URL("../examples/smoke_tasks.jsonl", import.meta.url).pathname;

function dryRunArgs(dir: string): string[] {
  return [
    "search",
    "--run_name",
    "evolution-smoke",
    "--output_dir",
    dir,
    "--infile",
    SMOKE_TASKS,
    "--max_rounds",
    "2",
    "--num_candidates",
    "3",
    "--warmup_n",
    "1",
    "--search_n",
    "4",
    "--batch_size",
    "2",
    "--validation_n",
    "1",
    "--test_n",
    "1",
    "--dry_run",
    "--no_ledger",
    "--quiet",
  ];
}

Deno.test("the reference README dry run completes through the CLI, resumes as a no-op, and reports", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const io = captureIo();
    assert.equal(await runCli(dryRunArgs(dir), io, COMMANDS), 0, io.err.join(""));
    const summary = JSON.parse(io.out.join(""));
    assert.equal(summary.status, "finished");
    assert.equal(summary.synthetic, true);
    assert.equal(summary.rounds, 2);

    const again = captureIo();
    assert.equal(await runCli(dryRunArgs(dir), again, COMMANDS), 2, "an existing run is refused");
    assert.match(again.err.join(""), /resume|exists/i);

    const resumed = captureIo();
    assert.equal(await runCli([...dryRunArgs(dir), "--resume"], resumed, COMMANDS), 0);
    assert.deepEqual(JSON.parse(resumed.out.join("")), summary);

    const final = captureIo();
    assert.equal(
      await runCli([...dryRunArgs(dir), "--resume", "--final_validation"], final, COMMANDS),
      0,
    );
    assert.notEqual(JSON.parse(final.out.join("")).winner.test_score, null);

    const report = captureIo();
    assert.equal(
      await runCli(["report", `${dir}/evolution-smoke`, "--format", "html"], report, COMMANDS),
      0,
    );
    const [html, ...svgs] = report.out.join("").trim().split("\n");
    assert.match(await Deno.readTextFile(html), /<html/i);
    assert.equal(svgs.length, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("invalid search flags are usage errors naming the flag", async () => {
  const io = captureIo();
  assert.equal(await runCli(["search", "--run_name", "x", "--max_rounds", "0"], io, COMMANDS), 2);
  assert.match(io.err.join(""), /max_rounds/);
  const missing = captureIo();
  assert.equal(await runCli(["search"], missing, COMMANDS), 2);
  assert.match(missing.err.join(""), /run_name/);
});

Deno.test("--status_port serves a run whose output directory does not exist yet", async () => {
  const parent = await Deno.makeTempDir();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  try {
    const dir = `${parent}/new/runs`;
    const io = captureIo();
    const code = await runCli([...dryRunArgs(dir), "--status_port", String(port)], io, COMMANDS);
    assert.equal(code, 0, io.err.join(""));
    assert.match(io.err.join(""), new RegExp(`status: http://127\\.0\\.0\\.1:${port}/`));
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});
