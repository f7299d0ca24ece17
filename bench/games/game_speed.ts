/**
 * `automem game bench`: steps per second of each game beside a bare key-echo loop (`cat` on a
 * raw terminal) through the same pty driver and settle, measured in the same run, so the ratio
 * says what the game itself costs over the driver.
 *
 * @module
 */
import { createGameEnv } from "./env_registry.ts";
import { PtyProcess } from "./pty/pty_process.ts";

/** One measured row. */
export interface SpeedRow {
  /** `echo` for the baseline, else the game id. */
  readonly name: string;
  readonly steps: number;
  readonly seconds: number;
  readonly steps_per_second: number;
  /** Time per step relative to the echo baseline (1 for the baseline itself). */
  readonly ratio_to_echo: number;
}

// Walking back and forth and searching keeps a game alive for thousands of steps.
const LOOP = ["west", "east", "search", "east", "west", "wait"];

/** Steps/s of a bare key echo through the pty driver, over `steps` keys. */
export async function echoStepsPerSecond(steps: number): Promise<{ seconds: number }> {
  const echo = PtyProcess.spawn({
    env: "echo",
    command: "sh -c 'stty raw -echo && exec cat'",
    gameName: "cat",
    vars: { PATH: "/usr/bin:/bin", TERM: "xterm" },
  });
  try {
    await echo.settle({ consumed: false, timeoutMs: 5000 });
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      await echo.send("k");
      await echo.settle({ consumed: true, timeoutMs: 5000 });
    }
    return { seconds: (performance.now() - t0) / 1000 };
  } finally {
    await echo.kill();
  }
}

/** Steps/s of game `id` (seed `seed`, start-up excluded), over `steps` steps. */
export async function gameStepSeconds(id: string, steps: number, seed = 42): Promise<number> {
  const env = await createGameEnv(id);
  try {
    await env.reset(seed);
    const actions = LOOP.map((a) => env.actions.includes(a) ? a : env.defaultAction);
    let total = 0;
    let t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      const step = await env.step(actions[i % actions.length]);
      if (step.terminated || step.truncated) {
        total += performance.now() - t0;
        await env.reset(seed);
        t0 = performance.now();
      }
    }
    return (total + performance.now() - t0) / 1000;
  } finally {
    await env.close();
  }
}

/** Measures the echo baseline, then each game in `ids`, with `steps` steps each. */
export async function runGameSpeed(ids: readonly string[], steps: number): Promise<SpeedRow[]> {
  const echo = await echoStepsPerSecond(steps);
  const row = (name: string, seconds: number): SpeedRow => ({
    name,
    steps,
    seconds,
    steps_per_second: steps / seconds,
    ratio_to_echo: seconds / echo.seconds,
  });
  const rows = [row("echo", echo.seconds)];
  for (const id of ids) rows.push(row(id, await gameStepSeconds(id, steps)));
  return rows;
}
