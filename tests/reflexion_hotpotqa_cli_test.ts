import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeHotpotFixture } from "../bench/testing/hotpot_log.ts";
import { CurvesReportSchema } from "../search/strategy_curves.ts";

Deno.test("reflexion-hotpotqa runs from the CLI: a sweep, then curves replays with the fixed list scored on it", async () => {
  const log = await writeHotpotFixture();
  const out = join(await Deno.makeTempDir(), "sweep");
  const data = ["--data_path", log, "--conversations", "1-3"];
  const sweep = captureIo();
  const sweepArgs = ["--benchmark", "reflexion-hotpotqa", "--split", "all", "--sample", "3"];
  assert.equal(
    await runCli(
      ["sweep", ...sweepArgs, ...data, "--parallel", "1", "--out", out, "--skip_preflight"],
      sweep,
      COMMANDS,
    ),
    0,
    sweep.err.join(""),
  );
  const summary = JSON.parse(await Deno.readTextFile(join(out, "sweep_summary.json")));
  assert.equal(summary.benchmark, "reflexion-hotpotqa");
  assert.equal(summary.n_tasks, 2);
  const io = captureIo();
  const replay = ["--replay", "rules,random", "--bootstrap", "fixed", "--seeds", "1"];
  assert.equal(
    await runCli(
      ["curves", "--landscape", out, ...replay, "--rounds", "1", "--k", "2", ...data, "--json"],
      io,
      COMMANDS,
    ),
    0,
    io.err.join(""),
  );
  const report = CurvesReportSchema.parse(JSON.parse(io.out.join("")));
  // The fixed list's architectures were scored on the same two tasks and appended.
  assert.ok(report.landscapes[0].n_added > 0);
  assert.deepEqual(report.runs.map((r) => r.bootstrap.startsWith("fixed")), [true, true]);
});
