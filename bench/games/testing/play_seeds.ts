/**
 * Test helper run as a subprocess: plays game `Deno.args[0]` on each seed of `Deno.args[1]`
 * (comma-separated) with the comma-separated actions of `Deno.args[2]`, one fresh episode per
 * seed, and prints one JSON line per seed: every observation, the executed actions, the final
 * progression and statistics. Determinism tests compare the lines of two such processes.
 *
 * @module
 */
import { createGameEnv } from "../env_registry.ts";

const [game, seeds, actions] = Deno.args;
const env = await createGameEnv(game);
try {
  for (const seed of seeds.split(",").map(Number)) {
    const steps: unknown[] = [await env.reset(seed)];
    for (const action of actions.split(",")) {
      const s = await env.step(action);
      steps.push({ executed: s.executed, observation: s.observation });
      if (s.terminated || s.truncated) break;
    }
    console.log(
      JSON.stringify({ seed, steps, progression: env.progression(), stats: env.stats() }),
    );
  }
} finally {
  await env.close();
}
