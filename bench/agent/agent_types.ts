/**
 * The research agent's shapes: its limits and their defaults, what it is given for one task and
 * the record of that task's run. Shared by the loop (`research_agent.ts`) and one step
 * (`agent_step.ts`), so neither imports the other for a type.
 *
 * @module
 */
import type { ChatModel, Clock, Rng } from "../../core/ports.ts";
import type { TaskContext, TrajectoryStep } from "../../core/trajectory.ts";
import type { Guidance, MemoryProvider } from "../../memory/provider_port.ts";
import type { AgentTool, ToolContext } from "../web/tool_port.ts";

/** The agent's limits; every one has a default. */
export interface AgentLimits {
  /** Action steps before the final-answer prompt (`--max_steps`). */
  maxSteps: number;
  /** Base summary interval; the effective one is seeded in [n−1, n+1]; 0 turns summaries off. */
  summaryInterval: number;
  /** Completion-token cap of each call (`--token_budget`). */
  maxTokensPerCall?: number;
  /** Cumulative token cap of the task (prompt + completion, every call). */
  taskTokenCap?: number;
  /** Wall-clock budget of the task in ms (by the injected clock). */
  wallMs?: number;
  /** `auto`: native tool calls, falling back to JSON actions if the endpoint rejects tools. */
  toolMode: "auto" | "native" | "json";
  /** Whole-run tries on transient model failures. */
  attempts: number;
  /** Characters of a tool observation fed back to the model. */
  observationChars: number;
  temperature: number;
}

/** Defaults of {@linkcode AgentLimits}. */
export const DEFAULT_LIMITS: AgentLimits = {
  maxSteps: 40,
  summaryInterval: 8,
  toolMode: "auto",
  attempts: 3,
  observationChars: 8000,
  temperature: 0,
};

/** Why a run ended. */
export type AgentStop = "final_answer" | "max_steps" | "token_cap" | "wall_time" | "error";

/** What the agent needs for one task. */
export interface ResearchAgentInput {
  task: TaskContext;
  /** The full task text shown to the agent (question plus attachment or start-URL notes). */
  prompt: string;
  model: ChatModel;
  tools: readonly AgentTool[];
  toolContext: ToolContext;
  provider: MemoryProvider;
  rng: Rng;
  clock: Clock;
  signal?: AbortSignal;
  limits?: Partial<AgentLimits>;
}

/** The record of one task's run. */
export interface ResearchRun {
  answer: string;
  stop: AgentStop;
  /** The last attempt's trajectory: plan, actions (one per tool call), summaries. */
  steps: TrajectoryStep[];
  promptTokens: number;
  completionTokens: number;
  calls: number;
  /** Prompt tokens spent on injected guidance, summed over calls. */
  memoryTokens: number;
  guidance: Guidance[];
  refreshed: boolean;
  attempts: number;
  /** Errors of attempts that were retried, then of the final one. */
  errors: string[];
  format: "native" | "json";
  summaryInterval: number;
}
