import assert from "node:assert/strict";
import { crawlAvailable, createGameEnv } from "../env_registry.ts";
import type { GameEnv } from "../game_port.ts";
import { findDescendant } from "../pty/proc_probe.ts";
import { assertSameRuns } from "../testing/same_runs.ts";
import { gameProcesses, waitNoGameProcesses } from "../testing/leaks.ts";

const avail = crawlAvailable();
const ignore = !avail.ok;
// Each test tags its games, so leak checks never see games of tests running beside it.
const tag = (name: string) => `test-${name}-${Deno.pid}`;
const skip = ignore ? ` (skipped: ${avail.reason})` : "";

// Walks, explores automatically, fights, opens and closes the inventory, tries the stairs.
const SCRIPT = ["west", "explore", "autofight", "explore", "inventory", "esc", "down"];

// One element per observation, then the episode's statistics, so a difference names its step.
function flatten(run: unknown): unknown[] {
  const { trajectory, progression, stats } = run as {
    trajectory: unknown[];
    progression: number;
    stats: unknown;
  };
  return [...trajectory, { progression, stats }];
}

async function playSeeds(seeds: readonly number[], processTag: string): Promise<unknown[]> {
  const env = await createGameEnv("crawl", { processTag });
  try {
    const out: unknown[] = [];
    for (const seed of seeds) out.push(await playEpisode(env, seed));
    return out;
  } finally {
    await env.close();
  }
}

async function playEpisode(env: GameEnv, seed: number): Promise<unknown> {
  const trajectory: unknown[] = [(await env.reset(seed)).text];
  for (const action of SCRIPT) {
    const step = await env.step(action);
    trajectory.push([step.executed, step.observation.text, step.observation.message]);
    if (step.terminated || step.truncated) break;
  }
  return { trajectory, progression: env.progression(), stats: env.stats() };
}

Deno.test({
  name:
    `crawl: 2 seeded episodes of a fixed action script, played by two games in parallel, give identical trajectories and progression${skip}`,
  ignore,
  async fn() {
    const seeds = [42, 43];
    const [a, b] = await Promise.all([
      playSeeds(seeds, tag("det-a")),
      playSeeds(seeds, tag("det-b")),
    ]);
    assertSameRuns(a.flatMap(flatten), b.flatMap(flatten));
    assert.deepEqual(await waitNoGameProcesses(tag("det-a")), []);
    assert.deepEqual(await waitNoGameProcesses(tag("det-b")), []);
    assert.notDeepEqual(a[0], a[1]);
    assert.equal((a[0] as { stats: Record<string, unknown> }).stats.place, "Dungeon:1");
  },
});

Deno.test({
  name:
    `crawl: observation has the message, map, side panel, @ and stats; killing the game process ends the episode and leaves nothing behind${skip}`,
  ignore,
  async fn() {
    const env = await createGameEnv("crawl", { processTag: tag("obs") });
    try {
      const obs = await env.reset(42);
      assert.match(obs.message, /Welcome, agent the Minotaur Berserker/);
      assert.equal(obs.stats.depth, 1);
      assert.equal(obs.stats.xl, 1);
      assert.ok(obs.stats.hp > 0 && obs.stats.hp === obs.stats.max_hp);
      assert.ok(obs.position !== undefined);
      assert.equal(obs.map[obs.position.y][obs.position.x], "@");
      assert.ok(obs.status.some((l) => l.includes("Place: Dungeon:1")));
      const bad = await env.step("fly");
      assert.equal(bad.valid, false);
      assert.equal(bad.executed, "esc");
      assert.equal(env.progression(), 0);
      const game = gameProcesses(tag("obs")).map((pid) => findDescendant(pid, "crawl")).find((p) =>
        p
      );
      assert.ok(game !== undefined);
      Deno.kill(game, "SIGKILL");
      const step = await env.step("wait");
      assert.equal(step.terminated, true);
      assert.equal(env.stats().end, "ended");
      assert.equal(env.stats().place, "Dungeon:1");
      assert.deepEqual(await waitNoGameProcesses(tag("obs")), []);
    } finally {
      await env.close();
    }
  },
});

Deno.test({
  name: `crawl: SIGKILL of the driving Deno process leaves no game process behind${skip}`,
  ignore,
  async fn() {
    await createGameEnv("crawl"); // the compiled template exists before the helper starts
    const helper = new URL("../testing/hold_game.ts", import.meta.url).pathname;
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-check", helper, "crawl", "5"],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const { value } = await reader.read();
    assert.match(value ?? "", /ready/);
    assert.ok(gameProcesses(String(child.pid)).length > 0);
    child.kill("SIGKILL");
    await child.status;
    await reader.cancel();
    assert.deepEqual(await waitNoGameProcesses(String(child.pid)), []);
  },
});
