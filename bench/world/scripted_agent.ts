/**
 * The offline agent of `world`: drives the provider lifecycle around {@linkcode ScriptedPolicy}.
 * `beginTask` guidance is read before the first call; after the first failed call (the explicit
 * refresh boundary) the agent asks once for `refresh` with its progress so far. Exploration is
 * deterministic: value guesses follow an order seeded by the benchmark seed and the task id, so
 * every architecture meets the same agent on the same task.
 *
 * @module
 */
import { createRng } from "../../core/rng.ts";
import type { TaskContext } from "../../core/trajectory.ts";
import { estimateTokens } from "../../core/usage.ts";
import type { Guidance, MemoryProvider } from "../../memory/provider_port.ts";
import { errorMessage } from "../errors.ts";
import { type AgentRun, playCall, progressText, startAgentRun } from "./agent_run.ts";
import { TokenMeter } from "./cost_model.ts";
import type { WorldTask } from "./generator.ts";
import { readGuidance } from "./guidance_reader.ts";
import { readMemory } from "./knowledge.ts";
import { ScriptedPolicy } from "./policy.ts";
import { worldSystemPrompt } from "./prompt.ts";

/** Plays one task with the scripted policy. */
export async function runScriptedAgent(
  task: WorldTask,
  ctx: TaskContext,
  provider: MemoryProvider,
  seed: number,
): Promise<AgentRun> {
  const run = startAgentRun(task, "explore");
  const { episode } = run;
  const policy = new ScriptedPolicy(task.text, createRng(`world-agent:${seed}:${task.id}`));
  const meter = new TokenMeter(
    estimateTokens(worldSystemPrompt(task.budget)),
    estimateTokens(task.text),
  );
  const take = (g: Guidance | null) => {
    if (!g) return;
    run.guidance.push(g);
    const reading = readGuidance(g, provider.traceOf(ctx.id));
    meter.addMemory(reading.tokens);
    const seq = policy.absorb(readMemory(reading.sources));
    if (seq) run.plan = `memory:${seq.type}`;
  };
  try {
    take(await provider.beginTask(ctx));
  } catch (e) {
    run.error = `beginTask failed: ${errorMessage(e)}`;
  }
  while (!episode.done && episode.calls < task.budget) {
    const call = policy.next();
    if (!call) break;
    const result = playCall(run, call);
    meter.step(JSON.stringify({ tool: call.tool, args: call.args }), result.observation);
    policy.observe(call, result);
    if (!result.ok && !run.refreshed && !run.error) {
      run.refreshed = true;
      try {
        take(await provider.refresh(ctx, progressText(run.steps)));
      } catch (e) {
        run.error = `refresh failed: ${errorMessage(e)}`;
      }
    }
  }
  run.promptTokens = meter.prompt;
  run.completionTokens = meter.completion;
  run.memoryTokens = meter.memory;
  return run;
}
