import assert from "node:assert/strict";
import { join } from "node:path";
import { RunReadError } from "../server/errors.ts";
import { buildFixtureRun } from "../server/testing/fixture_run.ts";
import { renderReport, writeReport } from "./report.ts";

Deno.test("an unknown format or a missing run directory is a clear error", async () => {
  const dir = await Deno.makeTempDir();
  await assert.rejects(
    renderReport(dir, { format: "pdf" as "md" }),
    (e: unknown) => e instanceof RangeError && /--format must be md or html/.test(e.message),
  );
  await assert.rejects(
    renderReport(join(dir, "nope"), { format: "md" }),
    (e: unknown) =>
      e instanceof RunReadError && e.code === "not_found" && /no run directory/.test(e.message),
  );
});

Deno.test("the default output goes to <run>/report/ with the plots beside it", async () => {
  const runs = await Deno.makeTempDir();
  const run = await buildFixtureRun(runs, { id: "r", kind: "finished", rounds: 1 });
  const out = await writeReport(run.dir, { format: "md" });
  assert.equal(out.path, join(run.dir, "report", "report.md"));
  assert.deepEqual(out.svgPaths.map((p) => p.slice(run.dir.length + 1)).sort(), [
    "report/cost_vs_score.svg",
    "report/pareto_front.svg",
    "report/score_per_round.svg",
  ]);
});

Deno.test("a directory that is not a run still renders, listing what is missing", async () => {
  const dir = await Deno.makeTempDir();
  const { text, svgs } = await renderReport(dir, { format: "md" });
  assert.match(text, /## Not available/);
  assert.match(text, /events\.jsonl: absent/);
  assert.equal(svgs.length, 3);
});
