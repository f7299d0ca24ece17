import assert from "node:assert/strict";
import { join } from "node:path";
import { renderReport, writeReport } from "../report/mod.ts";
import { buildFixtureRun, SECRET } from "../server/testing/fixture_run.ts";

Deno.test("a running run reports its state so far, with its plots", async () => {
  const runs = await Deno.makeTempDir({ prefix: "automem_report_" });
  const run = await buildFixtureRun(runs, { id: "live", kind: "running", rounds: 2 });
  const out = await writeReport(run.dir, { format: "md", out: join(runs, "o", "live.md") });
  const text = await Deno.readTextFile(out.path);
  assert.match(text, /- \*\*Status:\*\* running/);
  assert.match(
    text,
    new RegExp(
      `has not finished \\(running, phase round\\); the report shows its state as of event #${run.expected.last_seq}`,
    ),
  );
  assert.match(text, /No winner yet\. The current champion is /);
  assert.match(text, /\| 3 \| 0 \| in progress \| 1 so far \|/);
  assert.match(text, /\| 3 \| 2 \| \S+ \| rules \| pending \|/);
  assert.equal(out.svgPaths.length, 3);
  const rounds = await Deno.readTextFile(join(runs, "o", "score_per_round.svg"));
  assert.equal(
    (rounds.match(/<circle [^>]*fill="#2f6fdb"/g) ?? []).length,
    2,
    "one best point per finished round",
  );
  const html = await renderReport(run.dir, { format: "html" });
  assert.match(html.text, /<dd>running<\/dd>/);
});

Deno.test("a failed run says why it failed", async () => {
  const runs = await Deno.makeTempDir({ prefix: "automem_report_" });
  const run = await buildFixtureRun(runs, { id: "broken", kind: "failed", rounds: 1 });
  const { text } = await renderReport(run.dir, { format: "md" });
  assert.match(text, /- \*\*Status:\*\* failed/);
  assert.match(text, /The run failed: model endpoint unreachable\./);
});

Deno.test("a protected run's report holds no task text, answers or diagnosis prose", async () => {
  const runs = await Deno.makeTempDir({ prefix: "automem_report_" });
  const run = await buildFixtureRun(runs, {
    id: "locomo",
    kind: "finished",
    rounds: 2,
    protected: true,
  });
  for (const format of ["md", "html"] as const) {
    const { text, svgs } = await renderReport(run.dir, { format });
    assert.ok(!text.includes(SECRET), format);
    for (const s of svgs) assert.ok(!s.svg.includes(SECRET));
  }
});
