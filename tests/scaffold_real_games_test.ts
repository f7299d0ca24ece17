import assert from "node:assert/strict";
import { crawlAvailable, nethackAvailable } from "../bench/games/env_registry.ts";
import { evaluateScaffold } from "../scaffold/evaluate.ts";
import { v0Scaffold } from "../scaffold/v0.ts";

for (
  const [env, probe] of [["nethack", nethackAvailable()], ["crawl", crawlAvailable()]] as const
) {
  const name = probe.ok
    ? `the offline memory agent plays real ${env} (12 steps, 1 seed) identically twice`
    : `SKIPPED (${probe.reason}): the offline memory agent plays real ${env}`;
  Deno.test({ name, ignore: !probe.ok }, async () => {
    const run = () =>
      evaluateScaffold(v0Scaffold(env), [42], { env, maxSteps: 12, persistMemory: false });
    const [a] = await run();
    const [b] = await run();
    assert.equal(a.result.steps, 12);
    assert.deepEqual(a, b);
    assert.ok(a.result.metrics.writes > 0, "LOG wrote to memory");
    assert.ok(a.stats.files["dungeon_map.txt"].writes > 0);
  });
}
