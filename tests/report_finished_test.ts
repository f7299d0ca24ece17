import assert from "node:assert/strict";
import { join } from "node:path";
import { specLabel } from "../core/spec.ts";
import { ParetoFileSchema, RoundDoneSchema } from "../search/artifacts.ts";
import { PLOT_FILES, renderReport, writeReport } from "../report/mod.ts";
import { runDrySearch } from "../server/testing/dry_run.ts";

Deno.test("a finished world dry run gives Markdown and HTML reports with three SVG plots", async () => {
  const root = await Deno.makeTempDir({ prefix: "automem_report_" });
  const { dir, summary } = await runDrySearch(join(root, "runs"), "world_dry");
  const out = join(root, "out");
  const md = await writeReport(dir, { format: "md", out: join(out, "report.md") });
  const html = await writeReport(dir, { format: "html", out: join(out, "report.html") });
  const names = Object.values(PLOT_FILES).sort();
  assert.deepEqual(md.svgPaths.map((p) => p.slice(out.length + 1)).sort(), names);
  for (const p of md.svgPaths) assert.match(await Deno.readTextFile(p), /^<svg [\s\S]*<\/svg>\n$/);

  const text = await Deno.readTextFile(md.path);
  const winner = specLabel(summary.winner.architecture!);
  assert.match(text, /^# Run report: world_dry$/m);
  assert.match(text, /- \*\*Status:\*\* finished, stop reason: max_rounds/);
  assert.ok(text.includes(`- **Architecture:** ${winner}`), "the winner is named");
  assert.ok(
    text.includes(`- **Validation score:** ${summary.winner.validation_score!.toFixed(3)}`),
  );
  for (
    const h of [
      "## Winner and why",
      "### Champion history",
      "### Differential validation",
      "## Pareto front",
      "## Rounds",
      "## FGMD breakdown per round",
      "## Cost and tokens",
      "### Per role",
      "## Ledger",
      "### Principles",
      "### Dead ends",
    ]
  ) {
    assert.ok(text.includes(`\n${h}\n`), h);
  }
  for (const name of names) assert.ok(text.includes(`](${name})`), name);

  const pareto = ParetoFileSchema.parse(
    JSON.parse(await Deno.readTextFile(join(dir, "pareto_front.json"))),
  );
  const paretoTable = text.split("## Pareto front")[1].split("## Rounds")[0];
  assert.equal((paretoTable.match(/^\| (?!Architecture|---)/gm) ?? []).length, pareto.front.length);
  for (let t = 1; t <= summary.rounds; t++) {
    const done = RoundDoneSchema.parse(
      JSON.parse(await Deno.readTextFile(join(dir, `round_${t}`, "round_done.json"))),
    );
    const row =
      `| ${t} | ${done.fold} | done | ${done.aggregates.n_ok} / ${done.aggregates.n_failed} | ` +
      `${done.aggregates.best_score.toFixed(3)} | ${done.aggregates.mean_score.toFixed(3)} |`;
    assert.ok(text.includes(row), row);
  }
  assert.match(text, /\| total \| {2}\| {2}\| {2}\| [\d,]+ \| \$0\.0000 \|/);
  assert.ok(text.includes(summary.usage.tokens.toLocaleString("en-US")));

  const page = await Deno.readTextFile(html.path);
  assert.equal((page.match(/<svg xmlns/g) ?? []).length, 3, "plots are inlined in the HTML");
  assert.ok(page.includes(`<dd>${winner}</dd>`));

  const again = await renderReport(dir, { format: "md" });
  assert.equal(again.text, text, "the same run renders byte-identically");
  for (const s of again.svgs) assert.equal(s.svg, await Deno.readTextFile(join(out, s.name)));
  await Deno.remove(root, { recursive: true });
});
