/**
 * Crawl is deterministic across processes: 5 seeds, each played twice in fresh processes (two
 * processes at once, each playing the 5 seeds in turn), give identical trajectories: every
 * observation text, statistic and the final progression. The script mixes multi-turn commands
 * (explore, rest, runs, autofight) whose results a key arriving too early would cut short.
 */
import assert from "node:assert/strict";
import { crawlAvailable, createGameEnv } from "../bench/games/env_registry.ts";
import { assertSameRuns } from "../bench/games/testing/same_runs.ts";

const SEEDS = [1, 2, 3, 4, 5];
const ACTIONS = [
  "explore",
  "autofight",
  "explore",
  "east",
  "explore",
  "rest",
  "north",
  "explore",
  "far west",
  "explore",
  "autofight",
  "south",
  "explore",
  "wait",
  "explore",
  "far east",
  "rest",
  "explore",
  "autofight",
  "explore",
];

const avail = crawlAvailable();

/** One fresh process plays every seed; one parsed line per seed. */
async function play(): Promise<{ seed: number; steps: unknown[] }[]> {
  const helper = new URL("../bench/games/testing/play_seeds.ts", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", helper, "crawl", SEEDS.join(","), ACTIONS.join(",")],
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout).trim().split("\n").map((l) => JSON.parse(l));
}

Deno.test({
  name: avail.ok
    ? "crawl: 5 seeds each played twice in fresh processes give identical trajectories"
    : `SKIPPED (${avail.reason}): crawl determinism across fresh processes`,
  ignore: !avail.ok,
  async fn() {
    // The compiled level data exists before the players start (built once per machine).
    await (await createGameEnv("crawl")).close();
    const [first, second] = await Promise.all([play(), play()]);
    assert.deepEqual(first.map((r) => r.seed), SEEDS);
    for (const [i, seed] of SEEDS.entries()) {
      assert.equal(first[i].steps.length, ACTIONS.length + 1, `seed ${seed}: every step played`);
      try {
        assertSameRuns(first[i].steps, second[i].steps);
        assertSameRuns([first[i]], [second[i]]);
      } catch (e) {
        throw new Error(`seed ${seed}: ${(e as Error).message}`);
      }
    }
    const starts = new Set(first.map((r) => JSON.stringify(r.steps[0])));
    assert.equal(starts.size, SEEDS.length, "different seeds start different games");
  },
});
