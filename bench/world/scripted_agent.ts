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
import type { TaskContext, TrajectoryStep } from "../../core/trajectory.ts";
import { estimateTokens } from "../../core/usage.ts";
import type { Guidance, MemoryProvider } from "../../memory/provider_port.ts";
import { TokenMeter } from "./cost_model.ts";
import { formatCall, WorldEpisode } from "./environment.ts";
import type { WorldTask } from "./generator.ts";
import { readGuidance } from "./guidance_reader.ts";
import { readMemory } from "./knowledge.ts";
import { ScriptedPolicy } from "./policy.ts";
import { worldSystemPrompt } from "./prompt.ts";

/** What one agent run produced (shared by the scripted and the model agent). */
export interface AgentRun {
  episode: WorldEpisode;
  steps: TrajectoryStep[];
  promptTokens: number;
  completionTokens: number;
  memoryTokens: number;
  guidance: Guidance[];
  refreshed: boolean;
  /** How the run chose its plan: `memory:<type>` or `explore`. */
  plan: string;
  /** Provider or model failure, when one happened (the run still ends with a score). */
  error?: string;
}

/** The agent's progress as the refresh query's context: one line per call. */
export function progressText(steps: readonly TrajectoryStep[]): string {
  return steps.map((s) =>
    `${formatCall({ tool: s.tool ?? "", args: s.args ?? {} })} -> ${s.observation ?? ""}`
  )
    .join("\n");
}

const message = (e: unknown) => e instanceof Error ? e.message : String(e);

/** Plays one task with the scripted policy. */
export async function runScriptedAgent(
  task: WorldTask,
  ctx: TaskContext,
  provider: MemoryProvider,
  seed: number,
): Promise<AgentRun> {
  const episode = new WorldEpisode(task);
  const policy = new ScriptedPolicy(task.text, createRng(`world-agent:${seed}:${task.id}`));
  const meter = new TokenMeter(
    estimateTokens(worldSystemPrompt(task.budget)),
    estimateTokens(task.text),
  );
  const run: AgentRun = {
    episode,
    steps: [],
    promptTokens: 0,
    completionTokens: 0,
    memoryTokens: 0,
    guidance: [],
    refreshed: false,
    plan: "explore",
  };
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
    run.error = `beginTask failed: ${message(e)}`;
  }
  while (!episode.done && episode.calls < task.budget) {
    const call = policy.next();
    if (!call) break;
    const result = episode.step(call);
    const text = JSON.stringify({ tool: call.tool, args: call.args });
    meter.step(text, result.observation);
    run.steps.push({
      ref: `step:${run.steps.length}`,
      kind: "action",
      tool: call.tool,
      args: call.args,
      observation: result.observation,
      error: !result.ok,
    });
    policy.observe(call, result);
    if (!result.ok && !run.refreshed && !run.error) {
      run.refreshed = true;
      try {
        take(await provider.refresh(ctx, progressText(run.steps)));
      } catch (e) {
        run.error = `refresh failed: ${message(e)}`;
      }
    }
  }
  run.promptTokens = meter.prompt;
  run.completionTokens = meter.completion;
  run.memoryTokens = meter.memory;
  return run;
}
