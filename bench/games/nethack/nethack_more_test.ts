import assert from "node:assert/strict";
import { createGameEnv, nethackAvailable } from "../env_registry.ts";

const avail = nethackAvailable();

Deno.test({
  name: `nethack: 'more' outside a prompt does not move the hero (Enter reaches the game as CR)${
    avail.ok ? "" : ` (skipped: ${avail.reason})`
  }`,
  ignore: !avail.ok,
  async fn() {
    const env = await createGameEnv("nethack", { processTag: `test-more-${Deno.pid}` });
    try {
      const first = await env.reset(42);
      const step = await env.step("more");
      assert.deepEqual(step.observation.position, first.position);
      assert.equal(step.observation.stats.turn, first.stats.turn);
      assert.match(step.observation.message, /Unknown command/);
    } finally {
      await env.close();
    }
  },
});
