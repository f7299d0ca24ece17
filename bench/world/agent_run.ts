/**
 * What the scripted and the model agent of `world` share: the record of one run and the way a
 * call is played and logged, so both agents leave trajectories of the same shape.
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { Guidance } from "../../memory/provider_port.ts";
import { formatCall, type StepResult, type WorldCall, WorldEpisode } from "./environment.ts";
import type { WorldTask } from "./generator.ts";

/** What one agent run produced (shared by the scripted and the model agent). */
export interface AgentRun {
  episode: WorldEpisode;
  steps: TrajectoryStep[];
  promptTokens: number;
  completionTokens: number;
  memoryTokens: number;
  guidance: Guidance[];
  refreshed: boolean;
  /** How the run chose its plan: `memory:<type>`, `explore` or `model`. */
  plan: string;
  /** Provider or model failure, when one happened (the run still ends with a score). */
  error?: string;
}

/** A run of `task` that has not called anything yet, starting from `plan`. */
export function startAgentRun(task: WorldTask, plan: string): AgentRun {
  return {
    episode: new WorldEpisode(task),
    steps: [],
    promptTokens: 0,
    completionTokens: 0,
    memoryTokens: 0,
    guidance: [],
    refreshed: false,
    plan,
  };
}

/** Plays `call` in the run's episode and logs it as the next action step. */
export function playCall(run: AgentRun, call: WorldCall): StepResult {
  const result = run.episode.step(call);
  run.steps.push({
    ref: `step:${run.steps.length}`,
    kind: "action",
    tool: call.tool,
    args: call.args,
    observation: result.observation,
    error: !result.ok,
  });
  return result;
}

/** The agent's progress as the refresh query's context: one line per call. */
export function progressText(steps: readonly TrajectoryStep[]): string {
  return steps.map((s) =>
    `${formatCall({ tool: s.tool ?? "", args: s.args ?? {} })} -> ${s.observation ?? ""}`
  )
    .join("\n");
}
