import assert from "node:assert/strict";
import { createRng } from "../core/rng.ts";
import { TinyGame } from "../bench/games/tiny/tiny_game.ts";
import { MemoryAgent } from "./agent.ts";
import { runEpisode } from "./episode.ts";
import { ScriptedScaffoldModel } from "./offline/scripted_scaffold_model.ts";
import { type ScaffoldSpec, ScaffoldSpecSchema } from "./spec.ts";
import { v0Scaffold } from "./v0.ts";

async function play(spec: ScaffoldSpec, seed: number, steps: number) {
  const env = new TinyGame({ maxSteps: steps });
  const model = new ScriptedScaffoldModel(createRng(seed));
  const agent = new MemoryAgent(spec, env, { memory: model, task: model });
  return await runEpisode(env, agent, seed, {
    maxSteps: steps,
    persistMemory: false,
    scaffold: spec.name,
  });
}

Deno.test("an offline episode played twice gives identical traces and results", async () => {
  const a = await play(v0Scaffold("tiny"), 7, 40);
  const b = await play(v0Scaffold("tiny"), 7, 40);
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.equal(a.result.steps, 40);
  assert.ok(a.result.metrics.writes > 0 && a.result.metrics.searches > 0);
});

Deno.test("memory changes the offline outcome: the scripted player descends further when it can read a map and visit counts", async () => {
  const v0 = v0Scaffold("tiny");
  const none = ScaffoldSpecSchema.parse({
    ...v0,
    files: v0.files.filter((f) => f.name === "game_rules.txt"),
  });
  const keyed = ScaffoldSpecSchema.parse({
    ...v0,
    files: v0.files.map((f) =>
      f.name === "dungeon_map.txt" ? { ...f, key_pattern: "^d\\d+\\(\\d+,\\d+\\)$" } : f
    ),
    log_ops: [...v0.log_ops, "UPSERT"],
    sensors: ["position_visits"],
  });
  let withMemory = 0, without = 0;
  for (const seed of [42, 45]) {
    without += (await play(none, seed, 250)).result.progression;
    const k = await play(keyed, seed, 250);
    withMemory += k.result.progression;
    assert.ok(k.traces.some((t) => t.log?.turns[0].ops.some((o) => o.op === "UPSERT")));
  }
  assert.ok(withMemory > without, `memory ${withMemory} vs none ${without}`);
});
