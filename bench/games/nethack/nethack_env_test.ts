import assert from "node:assert/strict";
import { createGameEnv, nethackAvailable } from "../env_registry.ts";
import type { GameEnv } from "../game_port.ts";
import { findDescendant } from "../pty/proc_probe.ts";
import { assertSameRuns } from "../testing/same_runs.ts";
import { gameProcesses, listTree, waitNoGameProcesses } from "../testing/leaks.ts";
import { NETHACK_PATHS } from "./nethack_launch.ts";

const avail = nethackAvailable();
const ignore = !avail.ok;
// Each test tags its games, so leak checks never see games of tests running beside it.
const tag = (name: string) => `test-${name}-${Deno.pid}`;
const skip = ignore ? ` (skipped: ${avail.reason})` : "";

// A fixed script: walks, searches, opens the inventory and closes it, tries the stairs.
const SCRIPT = ["west", "far east", "search", "north", "inventory", "esc", "southwest", "down"];

async function playEpisode(env: GameEnv, seed: number): Promise<unknown> {
  const first = await env.reset(seed);
  const trajectory: unknown[] = [first.text];
  for (const action of SCRIPT) {
    const step = await env.step(action);
    trajectory.push([step.executed, step.observation.text, step.observation.position]);
    if (step.terminated || step.truncated) break;
  }
  return { trajectory, progression: env.progression(), stats: env.stats() };
}

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
  const env = await createGameEnv("nethack", { processTag });
  try {
    const out: unknown[] = [];
    for (const seed of seeds) out.push(await playEpisode(env, seed));
    return out;
  } finally {
    await env.close();
  }
}

Deno.test({
  name:
    `nethack: 10 seeded episodes of a fixed action script, played by two games in parallel, give identical trajectories and progression${skip}`,
  ignore,
  async fn() {
    const before = listTree(NETHACK_PATHS.playground);
    const seeds = [42, 43, 44, 45, 46, 47, 48, 49, 50, 51];
    const [a, b] = await Promise.all([
      playSeeds(seeds, tag("det-a")),
      playSeeds(seeds, tag("det-b")),
    ]);
    assertSameRuns(a.flatMap(flatten), b.flatMap(flatten));
    assert.deepEqual(await waitNoGameProcesses(tag("det-a")), []);
    assert.deepEqual(await waitNoGameProcesses(tag("det-b")), []);
    // Different seeds are different games (the determinism above is not a constant screen).
    assert.notDeepEqual(a[0], a[1]);
    const first = a[0] as { stats: Record<string, unknown> };
    assert.equal(first.stats.seed, 42);
    assert.equal(first.stats.steps, SCRIPT.length);
    // Clean quits leave no process and nothing in the shared playground.
    assert.deepEqual(listTree(NETHACK_PATHS.playground), before);
  },
});

Deno.test({
  name:
    `nethack: observation has BALROG's message, map, status, @ position and parsed stats${skip}`,
  ignore,
  async fn() {
    const env = await createGameEnv("nethack", { maxSteps: 2, processTag: tag("obs") });
    try {
      const obs = await env.reset(42);
      assert.match(obs.message, /welcome to NetHack/);
      assert.equal(obs.map.length, 21);
      assert.equal(obs.status.length, 2);
      assert.match(obs.status[1], /^Dlvl:1 /);
      assert.equal(obs.stats.depth, 1);
      assert.equal(obs.stats.xl, 1);
      assert.equal(obs.stats.turn, 1);
      assert.ok(obs.stats.hp > 0 && obs.stats.hp === obs.stats.max_hp);
      assert.ok(obs.position !== undefined);
      assert.equal(obs.map[obs.position.y][obs.position.x], "@");
      assert.match(obs.text, /^message:\n.*\n\ncursor:\n\(x=\d+, y=\d+\)\n\nmap:\n/);
      const bad = await env.step("dance");
      assert.equal(bad.valid, false);
      assert.equal(bad.executed, "esc");
      const last = await env.step("search");
      assert.equal(last.truncated, true);
      assert.equal(last.observation.stats.turn, 2);
      assert.equal(env.stats().end, "truncated");
      assert.deepEqual(await waitNoGameProcesses(tag("obs")), []);
    } finally {
      await env.close();
    }
  },
});

Deno.test({
  name: `nethack: killing the game process ends the episode and leaves nothing behind${skip}`,
  ignore,
  async fn() {
    const env = await createGameEnv("nethack", { processTag: tag("kill") });
    try {
      await env.reset(7);
      const [script] = gameProcesses(tag("kill")).filter((pid) =>
        findDescendant(pid, "nethack") !== pid
      );
      const game = findDescendant(script, "nethack");
      assert.ok(game !== undefined);
      Deno.kill(game, "SIGKILL");
      const step = await env.step("search");
      assert.equal(step.terminated, true);
      assert.equal(env.stats().end, "ended");
      assert.deepEqual(await waitNoGameProcesses(tag("kill")), []);
    } finally {
      await env.close();
    }
  },
});

Deno.test({
  name: `nethack: SIGKILL of the driving Deno process leaves no game process behind${skip}`,
  ignore,
  async fn() {
    const helper = new URL("../testing/hold_game.ts", import.meta.url).pathname;
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-check", helper, "nethack", "5"],
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
