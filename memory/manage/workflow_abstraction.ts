/**
 * The offline way to turn a trajectory unit into a workflow: every step is kept in order with
 * task-specific values replaced by typed placeholders, so the workflow transfers to similar
 * tasks without leaking the original task's entities, numbers, URLs or files.
 *
 * @module
 */
import type { MemoryUnit } from "../../core/unit.ts";

/** One agent step of a workflow. */
export interface AgentStep {
  step: number;
  action: string;
  rationale: string;
  generalized_execution: string;
}

/** One search step of a workflow. */
export interface SearchStep {
  step: number;
  query_formulation: string;
  validation_criteria: string;
}

const MAX_AGENT_STEPS = 8;
const MAX_SEARCH_STEPS = 6;

/**
 * Replaces task-specific values with placeholders: URLs, file names, quoted strings, years,
 * other numbers, and capitalised names that do not start the text.
 */
export function abstractText(text: string): string {
  return text
    .replace(/(?:https?:\/\/|www\.)[^\s)\]}>"']+/g, "<SOURCE_URL>")
    .replace(
      /\b[\w-]+\.(?:pdf|xlsx?|csv|tsv|docx?|pptx?|txt|json|png|jpe?g|gif|mp3|wav|mp4|py|zip)\b/gi,
      "<FILE_PATH>",
    )
    .replace(/"[^"]{1,120}"|'[^']{1,120}'|“[^”]{1,120}”/g, "<TOPIC_KEYWORD>")
    .replace(/\b(?:1[89]|20)\d{2}\b/g, "<TIME_RANGE>")
    .replace(/\b\d+(?:[.,]\d+)*\b/g, "<COMPUTED_VALUE>")
    .replace(
      /(?<=[^\s.!?:;]\s+)[A-Z][\w'-]*(?:\s+(?:of|the|de|and|for)\s+[A-Z][\w'-]*|\s+[A-Z][\w'-]*)*/g,
      "<TARGET_ENTITY>",
    )
    .replace(/(<[A-Z_]+>)(?:\s*\1)+/g, "$1")
    .trim();
}

/** The first `n` words of `text`. */
export function firstWords(text: string, n: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= n ? words.join(" ") : words.slice(0, n).join(" ") + " …";
}

const str = (v: unknown) => typeof v === "string" ? v.trim() : "";

/** The (action, observation) pairs of a trajectory's `steps`, whatever their exact shape. */
export function stepsOf(unit: MemoryUnit): { action: string; observation: string }[] {
  const raw = Array.isArray(unit.content.steps) ? unit.content.steps : [];
  return raw.map((s) => {
    if (typeof s === "string") return { action: s.trim(), observation: "" };
    const o = (s && typeof s === "object" ? s : {}) as Record<string, unknown>;
    return { action: str(o.action), observation: str(o.observation) };
  }).filter((s) => s.action !== "");
}

const TOOL_CALL = /^\s*([a-z][a-z0-9_]*)\s*\(/;

function chainType(actions: string[]): string {
  const text = actions.join(" ").toLowerCase();
  const file = /inspect_file|file|spreadsheet|pdf|xlsx/.test(text);
  const media = /visual_inspector|audio_inspector|image|video|audio/.test(text);
  const web = /search|crawl|visit|browse|web/.test(text);
  if (media) return "multimodal";
  if (file && web) return "hybrid";
  return file ? "file" : "web";
}

/** A workflow's content abstracted from a trajectory unit, without any model. */
export function abstractWorkflow(traj: MemoryUnit): Record<string, unknown> {
  let steps = stepsOf(traj);
  if (steps.length > MAX_AGENT_STEPS) {
    steps = [...steps.slice(0, MAX_AGENT_STEPS - 1), steps[steps.length - 1]];
  }
  const fallback = str(traj.content.key_decision) || str(traj.content.tool_strategy) ||
    str(traj.content.reusable_anchor);
  if (steps.length === 0 && fallback) steps = [{ action: fallback, observation: "" }];
  const strategy = abstractText(str(traj.content.tool_strategy));
  const agent: AgentStep[] = steps.map((s, i) => {
    const general = abstractText(s.action);
    const tool = TOOL_CALL.exec(s.action)?.[1];
    return {
      step: i + 1,
      action: tool ? `Call ${tool}` : firstWords(general, 20),
      rationale: s.observation
        ? `Expect: ${firstWords(abstractText(s.observation), 16)}`
        : strategy
        ? firstWords(strategy, 20)
        : "Advances the task towards the answer.",
      generalized_execution: firstWords(general, 25),
    };
  });
  const search: SearchStep[] = steps.filter((s) => /search/i.test(s.action))
    .slice(0, MAX_SEARCH_STEPS)
    .map((s, i) => ({
      step: i + 1,
      query_formulation: firstWords(abstractText(s.action), 20),
      validation_criteria: s.observation
        ? `Result mentions ${firstWords(abstractText(s.observation), 14)}`
        : "Result directly addresses the sub-question.",
    }));
  return {
    agent_workflow: agent,
    search_workflow: search,
    chain_type: chainType(steps.map((s) => s.action)),
    final_format_check: "",
    use_when: traj.use_when,
    avoid_when: traj.avoid_when,
    leakage_risk: str(traj.content.leakage_risk) || "low",
  };
}
