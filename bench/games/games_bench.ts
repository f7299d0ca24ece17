/**
 * `deno bench -A bench/games/games_bench.ts`: one game step (key sent, screen settled and
 * parsed) for NetHack and Crawl, one step each of two NetHack games played side by side, and
 * the baseline: a bare key-echo loop (`cat` on a raw terminal) through the same pty driver and
 * settle. Steps per second = 1000 / (ms per iteration); docs/games.md has measured numbers.
 * Games that cannot run here are left out.
 *
 * @module
 */
import { createGameEnv, gameUnavailableReason } from "./env_registry.ts";
import type { GameEnv } from "./game_port.ts";
import { PtyProcess } from "./pty/pty_process.ts";

const echo = PtyProcess.spawn({
  env: "echo",
  command: "sh -c 'stty raw -echo && exec cat'",
  gameName: "cat",
  vars: { PATH: "/usr/bin:/bin", TERM: "xterm" },
});
await echo.settle({ consumed: false, timeoutMs: 5000 });

// Walking back and forth and searching keeps a game alive for many thousands of steps.
const LOOP = ["west", "east", "search", "east", "west", "wait"];

async function stepper(id: string, seed: number): Promise<() => Promise<void>> {
  const env: GameEnv = await createGameEnv(id);
  await env.reset(seed);
  let i = 0;
  const actions = LOOP.map((a) => env.actions.includes(a) ? a : "wait");
  return async () => {
    const step = await env.step(actions[i++ % actions.length]);
    if (step.terminated || step.truncated) await env.reset(seed);
  };
}

const steppers: Record<string, () => Promise<void>> = {};
for (const id of ["nethack", "crawl"]) {
  if (gameUnavailableReason(id) === undefined) steppers[id] = await stepper(id, 42);
}
const second = steppers.nethack ? await stepper("nethack", 43) : undefined;

Deno.bench("pty key echo (bare loop through the same driver)", {
  group: "step",
  baseline: true,
}, async () => {
  await echo.send("k");
  await echo.settle({ consumed: true, timeoutMs: 5000 });
});

for (const [id, step] of Object.entries(steppers)) {
  Deno.bench(`${id} step`, { group: "step" }, step);
}

if (second) {
  Deno.bench("two nethack games in parallel (one step each)", { group: "step" }, async () => {
    await Promise.all([steppers.nethack(), second()]);
  });
}
