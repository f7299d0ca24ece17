import assert from "node:assert/strict";
import { createTinyEnv } from "../bench/games/tiny_registry.ts";
import { playEpisode } from "../scaffold/evaluate.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import { UNIT_CODE_VERSION } from "../search/queue/units.ts";
import { UnitRefusedError } from "../search/queue/run_unit.ts";
import {
  isScaffoldEpisodePayload,
  scaffoldEpisodeJobId,
  scaffoldEpisodeRunner,
  type ScaffoldEpisodeUnit,
} from "./scaffold_queue.ts";

const unit = (seed: number): ScaffoldEpisodeUnit => ({
  kind: "scaffold_episode",
  code_version: UNIT_CODE_VERSION,
  env: "tiny",
  max_steps: 40,
  spec: v0Scaffold("tiny"),
  seed,
  models: { task: null, judge: null, memory: null },
});

const runner = scaffoldEpisodeRunner({ modelsFor: () => ({}) });

Deno.test("a worker plays a scaffold episode job exactly as the in-process evaluation plays it", async () => {
  const remote = await runner(JSON.parse(JSON.stringify(unit(7))));
  const env = await createTinyEnv({ maxSteps: 40 });
  try {
    const local = await playEpisode(v0Scaffold("tiny"), env, 7, {
      maxSteps: 40,
      persistMemory: false,
    });
    assert.equal(JSON.stringify(remote), JSON.stringify(local));
  } finally {
    await env.close();
  }
  assert.ok(isScaffoldEpisodePayload(unit(1)));
  assert.ok(!isScaffoldEpisodePayload({ kind: "architecture" }));
  assert.notEqual(scaffoldEpisodeJobId(unit(1)), scaffoldEpisodeJobId(unit(2)));
  assert.match(scaffoldEpisodeJobId(unit(1)), /^am-scaffold-[0-9a-f]{12}-1-[0-9a-f]{32}$/);
});

Deno.test("a worker refuses scaffold episodes from another code version, malformed ones and unknown games", async () => {
  await assert.rejects(
    runner({ ...unit(1), code_version: "0.0.0/old" }),
    (e) => e instanceof UnitRefusedError && /code version 0\.0\.0\/old/.test(e.message),
  );
  await assert.rejects(
    runner({ ...unit(1), seed: "one" }),
    (e) => e instanceof UnitRefusedError && /malformed job: seed/.test(e.message),
  );
  await assert.rejects(
    runner({ ...unit(1), env: "no-such-game" }),
    (e) => e instanceof UnitRefusedError && /cannot start game no-such-game/.test(e.message),
  );
});
