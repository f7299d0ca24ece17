import assert from "node:assert/strict";
import { ScriptedModel } from "../core/scripted_model.ts";
import { TinyGame } from "../bench/games/tiny/tiny_game.ts";
import { MemoryAgent } from "./agent.ts";
import { BUDGET_MARK } from "./prompts.ts";
import { v0Scaffold } from "./v0.ts";

Deno.test("step 0 has no LOG; later steps LOG the previous action, then PLAN commits", async () => {
  const game = new TinyGame();
  const model = new ScriptedModel({
    rules: [
      (r) =>
        r.messages[0].content.startsWith("You are the MEMORY")
          ? "<|APPEND|>strategy.txt|east was fine<|END|><|DONE|>"
          : undefined,
    ],
    replies: ["<|READ|>strategy.txt<|END|>", "<|ACTION|>east<|END|>", "<|ACTION|>eat now<|END|>"],
  });
  const agent = new MemoryAgent(v0Scaffold("tiny"), game, { memory: model, task: model });
  agent.startEpisode(false);
  const obs = await game.reset(42);
  const t0 = await agent.act(obs, undefined, 0);
  assert.equal(t0.log, null);
  assert.equal(t0.action, "east");
  assert.equal(t0.plan.turns.length, 2);
  assert.match(t0.plan.turns[1].prompt, /── READ strategy\.txt ──\n\[FILE IS EMPTY\]/);
  const s = await game.step(t0.action);
  const t1 = await agent.act(s.observation, { action: "east", invalid: false }, 1);
  assert.match(t1.log!.turns[0].prompt, /^Previous action: east$/m);
  assert.equal(t1.log!.turns[0].ops[0].result, "[Appended to strategy.txt]");
  assert.equal(t1.memory_snapshot["strategy.txt"], "east was fine\n");
  // 'eat now' is not in the tiny vocabulary, nor is 'eat': fallback.
  assert.equal(t1.action, "search");
  assert.equal(t1.fallback, true);
});

Deno.test("with two models the memory model consults, its action is stripped, the task model commits", async () => {
  const game = new TinyGame();
  const memory = new ScriptedModel({
    replies: ["<|SEARCH|>strategy.txt|x<|END|>", "I think west. <|ACTION|>west<|END|>"],
  });
  const task = new ScriptedModel({ replies: ["<|ACTION|>south<|END|>"] });
  const agent = new MemoryAgent(v0Scaffold("tiny"), game, { memory, task });
  agent.startEpisode(false);
  const t = await agent.act(await game.reset(3), undefined, 0);
  assert.deepEqual(t.plan.turns.map((x) => x.role), ["memory", "memory", "task"]);
  assert.equal(t.action, "south");
  const lastUser = task.calls[0].messages.at(-1)!.content;
  assert.match(lastUser, /Now commit your action\.$/);
  assert.equal(task.calls[0].messages.at(-2)!.content, "I think west.");
});

Deno.test("a stuck screen warns in both phases; the budget cuts memory results, never the observation", async () => {
  const game = new TinyGame();
  const spec = { ...v0Scaffold("tiny"), context_budget_chars: 2500 };
  spec.files = spec.files.map((f) =>
    f.name === "strategy.txt" ? { ...f, seed: "lesson\n".repeat(400) } : f
  );
  const model = new ScriptedModel({
    rules: [
      (r) =>
        r.messages[0].content.startsWith("You are the MEMORY")
          ? "<|DONE|>"
          : r.messages.length === 1
          ? "<|READ|>strategy.txt<|END|>"
          : "<|ACTION|>north<|END|>",
    ],
  });
  const agent = new MemoryAgent(spec, game, { memory: model, task: model });
  agent.startEpisode(false);
  const obs = await game.reset(42);
  await agent.act(obs, undefined, 0);
  const t = await agent.act(obs, { action: "north", invalid: false }, 1);
  assert.equal(t.unchanged_count, 1);
  assert.match(t.diff_notice, /NO EFFECT/);
  const [first, result] = t.plan.turns.map((x) => x.prompt);
  assert.ok(first.includes(obs.text), "the observation is whole in the PLAN prompt");
  assert.ok(result.endsWith(BUDGET_MARK), "the READ result is cut");
  assert.ok(first.length + result.length <= 2500);
  assert.equal(t.action, "north");
});

Deno.test("a scaffold whose budget cannot hold the instruction and a full observation fails at load", () => {
  const spec = { ...v0Scaffold("tiny"), context_budget_chars: 1500 };
  const model = new ScriptedModel({ rules: [() => "<|DONE|>"] });
  assert.throws(
    () => new MemoryAgent(spec, new TinyGame(), { memory: model, task: model }),
    (e: Error & { code?: string }) =>
      e.code === "context_budget" && /observation is never cut/.test(e.message),
  );
});
