import assert from "node:assert/strict";
import { join } from "node:path";
import { readRound, roundNumbers } from "./run_rounds.ts";
import { buildFixtureRun } from "./testing/fixture_run.ts";

Deno.test("only round_<t> folders count as rounds, in numeric order", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  for (const name of ["round_10", "round_2", "round_x", "rounds", "round_1.bak"]) {
    await Deno.mkdir(join(dir, name));
  }
  assert.deepEqual(await roundNumbers(dir), [2, 10]);
});

Deno.test("round synthesis prose of a protected run is withheld", async () => {
  const runs = await Deno.makeTempDir();
  const run = await buildFixtureRun(runs, {
    id: "p",
    kind: "finished",
    rounds: 1,
    protected: true,
  });
  const real = await Deno.realPath(run.dir);
  const open = await readRound(real, 1, false);
  assert.match(JSON.stringify(open.round_synthesis), /SECRET/);
  const hidden = await readRound(real, 1, true);
  assert.ok(!JSON.stringify(hidden).includes("SECRET"));
});
