/**
 * Extraction prompts and what fills them: the prompt files (embedded as text so they ship in a
 * compiled binary), the rendered trajectory (every step prefixed by its ref, so the model can
 * cite `source_refs`), the template variables and the reply shape of a batched call.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";
import batchPrompt from "../../prompts/extract_batch.md" with { type: "text" };
import conversationPrompt from "../../prompts/extract_conversation.md" with { type: "text" };
import insightPrompt from "../../prompts/extract_insight.md" with { type: "text" };
import shortcutPrompt from "../../prompts/extract_shortcut.md" with { type: "text" };
import tipPrompt from "../../prompts/extract_tip.md" with { type: "text" };
import trajectoryPrompt from "../../prompts/extract_trajectory.md" with { type: "text" };
import workflowPrompt from "../../prompts/extract_workflow.md" with { type: "text" };
import type { EncodeType } from "../../core/space.ts";
import type { Trajectory, TrajectoryStep } from "../../core/trajectory.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { taskComplexity } from "./failure_rules.ts";

/** The single-type prompt files, with their rule markers. */
export const EXTRACT_PROMPTS: Readonly<Record<EncodeType, string>> = {
  tip: tipPrompt,
  insight: insightPrompt,
  trajectory: trajectoryPrompt,
  workflow: workflowPrompt,
  shortcut: shortcutPrompt,
};

/** The batched-call and conversation prompt files. */
export const BATCH_PROMPT: string = batchPrompt;
/** See {@linkcode BATCH_PROMPT}. */
export const CONVERSATION_PROMPT: string = conversationPrompt;

const RULES = /<!-- rules -->\n([\s\S]*?)<!-- \/rules -->\n?/;

/** The rules section of a single-type prompt (shared with the batched prompt). */
export function ruleSection(type: EncodeType): string {
  const m = RULES.exec(EXTRACT_PROMPTS[type]);
  if (!m) {
    throw new AutomemError("internal", `prompts/extract_${type}.md has no <!-- rules --> section`);
  }
  return m[1].trim();
}

/** A single-type prompt with its rule markers removed. */
export function singlePrompt(type: EncodeType): string {
  return EXTRACT_PROMPTS[type].replace(RULES, (_, body: string) => body);
}

const clip = (text: string, n: number) =>
  text.length <= n ? text : `${text.slice(0, n)}\n... [truncated]`;

function renderStep(s: TrajectoryStep): string {
  switch (s.kind) {
    case "turn": {
      const date = typeof s.meta?.date === "string" ? ` (${s.meta.date})` : "";
      return `[${s.ref}] ${s.speaker ?? "speaker"}${date}: ${clip(s.text ?? "", 2000)}`;
    }
    case "plan":
      return `[${s.ref}] Plan: ${clip(s.text ?? "", 2000)}`;
    case "summary":
      return `[${s.ref}] ${s.error ? "Problem" : "Summary"}: ${clip(s.text ?? "", 1000)}`;
    default: {
      const lines = [`[${s.ref}] Action${s.error ? " (rejected)" : ""}:`];
      if (s.thought) {
        lines.push(
          `Thinking: ${s.thought.length > 500 ? s.thought.slice(0, 500) + "..." : s.thought}`,
        );
      }
      lines.push(`Tool call: ${s.tool ?? "act"}(${JSON.stringify(s.args ?? {})})`);
      if (s.observation) lines.push(`Observation: ${clip(s.observation, 1500)}`);
      return lines.join("\n");
    }
  }
}

/** The trajectory as the model sees it: one block per step, blank lines between. */
export function formatTrajectory(trajectory: Trajectory): string {
  return trajectory.steps.map(renderStep).join("\n\n");
}

/** Variables every agent-trajectory extraction prompt uses. */
export function promptVars(input: ExtractionInput): Record<string, string> {
  const { task, trajectory, outcome } = input;
  return {
    task_query: task.text.trim() || trajectory.query || "(not stated)",
    outcome: outcome === undefined
      ? "not applicable (ingested material, no outcome)"
      : outcome.success
      ? "success"
      : "failure",
    failure_reason: outcome?.failure_reason ?? "none",
    final_result: outcome?.answer ?? trajectory.final_answer ?? "none",
    task_complexity: taskComplexity(task, trajectory),
    raw_trajectory: formatTrajectory(trajectory),
  };
}

const SHAPES: Readonly<Record<EncodeType, string>> = {
  tip: '"tip": [ ...tip items... ]',
  insight: '"insight": { ...insight... } or null',
  trajectory: '"trajectory": { ...trajectory... } or null',
  workflow: '"workflow": { ...workflow... } or null',
  shortcut: '"shortcut": [ ...shortcut items... ]',
};

/** The reply skeleton listing exactly the requested keys. */
export function replyShape(types: readonly EncodeType[]): string {
  return `{${types.map((t) => SHAPES[t]).join(", ")}}`;
}
