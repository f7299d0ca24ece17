/**
 * Keyword rules of the offline encoders: which failure label a failed step or failure reason
 * shows, the corrective strategy each label suggests, and task-type tags from the controlled
 * vocabulary (docs/design.md#extraction).
 *
 * A label comes from the error's class, never from a lone word: a tool error is first read by
 * its phrasing ({@linkcode classifyError}: precondition → `tool_misuse`, rejected value →
 * `wrong_value`, foreign entity → `wrong_entity`, missing option or inapplicable step →
 * `scope_error`, malformed input → `format_error`, …); free text (a reflection, a failure
 * reason) falls through to phrase rules for the remaining labels. So "the file is already in
 * its delivery format" or a `convert_format` tool never reads as a format error.
 *
 * @module
 */
import type { TaskContext, TaskOutcome, Trajectory } from "../../core/trajectory.ts";
import type { FailurePattern } from "../unit_content.ts";
import { classifyError, ERROR_LABEL } from "./error_classes.ts";

/** Phrase rules for free text, most specific first; the first match wins. */
const RULES: readonly [FailurePattern, RegExp][] = [
  ["timeout", /\b(halted|step budget|step limit|timed? ?out|maximum steps|ran out of steps)\b/i],
  [
    "tool_misuse",
    /\b(invalid action|nothing happens|stuck in a loop|identical actions|without opening|not a valid action)\b/i,
  ],
  [
    "incomplete_search",
    /\b(could not find|no results|not found|did not find|didn't find|unsuccessful in finding|did not search|without searching)\b/i,
  ],
  [
    "disambiguation_error",
    /\b(similar:|may refer to|disambiguation|not the \w+ i am looking for|ambiguous)/i,
  ],
  ["file_parse_error", /\b(parse error|could not (read|open) the file|corrupt(ed)? file)\b/i],
  ["multimodal_failure", /\b(image|video|audio|picture)\b/i],
  [
    "format_error",
    /\b(wrong|incorrect|invalid|bad|unexpected|improper) (answer |output |date |name )?format(ting)?\b|\bformat(ting)? (error|mismatch|violation)\b|\bnot in the (expected|required|correct|right|requested) format\b|\bunits? mismatch\b/i,
  ],
  [
    "scope_error",
    /\b(the task says|task instructions|misread|forgot|wrong (room|location|receptacle|place))\b/i,
  ],
  ["hallucination", /\b(assumed|made up|hallucinat\w*|without checking)\b/i],
  ["wrong_entity", /\b(wrong (entity|person|page|item|object)|instead of)\b/i],
];

/**
 * The label of `text`: its error class when its phrasing shows one, else the first phrase
 * rule that matches, else undefined.
 */
export function matchFailurePattern(text: string): FailurePattern | undefined {
  const error = classifyError(text);
  if (error) return ERROR_LABEL[error.kind];
  return RULES.find(([, re]) => re.test(text))?.[0];
}

/** Whether an expected answer looks like a value (number, date, yes/no) rather than a name. */
export function isValueAnswer(expected: string): boolean {
  return /^\s*(yes|no|[-+]?\d[\d,.]*\s*\S{0,12})\s*$/i.test(expected) ||
    /\b(1\d{3}|20\d{2})\b/.test(expected);
}

/** The kind of an answer, never its value: `yes/no`, `a year`, `a number`, `a 3-word name`. */
export function answerShape(answer: string): string {
  const a = answer.trim();
  if (/^(yes|no)$/i.test(a)) return "yes/no";
  if (/^(1\d{3}|20\d{2})$/.test(a)) return "a year";
  if (/^[-+]?\d[\d,.]*$/.test(a)) return "a number";
  if (isValueAnswer(a)) return "a value with a unit or date";
  return `a ${a.split(/\s+/).length}-word name`;
}

/**
 * Label of a failure: keywords in the divergence text, else in the failure reason; an answer
 * mismatch with no other signal is `wrong_value` for value-like answers and `wrong_entity` for
 * names; anything else is `logic_error`.
 */
export function classifyFailure(
  divergence: string,
  outcome: TaskOutcome | undefined,
): FailurePattern {
  const reason = outcome?.failure_reason ?? "";
  const hit = matchFailurePattern(divergence) ?? matchFailurePattern(reason);
  if (hit) return hit;
  if (/answer mismatch/i.test(reason) || outcome?.expected !== undefined) {
    return isValueAnswer(outcome?.expected ?? "") ? "wrong_value" : "wrong_entity";
  }
  return "logic_error";
}

/** A general corrective strategy per label (used when the run states no correction itself). */
export const CORRECTIVE_STRATEGY: Readonly<Record<FailurePattern, string>> = {
  wrong_entity:
    "Check that the entity you found satisfies every qualifier in the task before answering; if one does not match, search for the entity the qualifiers describe.",
  wrong_value:
    "Re-read the exact value asked for (number, date, name form) in the supporting observation before finishing, and recompute it if it was derived.",
  format_error:
    "Match the answer format the task asks for (units, name form, yes/no) before finishing.",
  incomplete_search:
    "When a lookup returns nothing, retry with a shorter or differently named query or pick a listed similar title instead of repeating it.",
  tool_misuse:
    "Satisfy the action's preconditions (open the container, use a valid action name) and change the action instead of repeating one the environment rejected.",
  logic_error:
    "Re-derive the answer step by step from the collected observations and check each inference before finishing.",
  hallucination:
    "Only state facts an observation supports; search to confirm an assumption before relying on it.",
  timeout:
    "After two failed attempts on one sub-goal switch strategy, and commit to the best-supported answer before the step limit.",
  scope_error:
    "List every sub-goal the task states (object, action, destination) before acting and confirm each is done before finishing.",
  disambiguation_error:
    "Add a type qualifier such as '(band)' or '(film)' or pick the matching suggestion when a lookup lands on an ambiguous page.",
  file_parse_error:
    "Inspect the file with a tool that supports its format and verify the extracted fields before using them.",
  multimodal_failure:
    "Use the matching media tool and describe what it shows before drawing conclusions from it.",
};

/** Complexity by level, else by step count: ≤3 simple, ≤8 medium (docs/design.md#extraction). */
export function taskComplexity(task: TaskContext, trajectory: Trajectory): string {
  if (task.level === 1) return "simple";
  if (task.level === 2) return "medium";
  if (task.level === 3) return "complex";
  const n = trajectory.steps.length;
  if (n === 0) return "unknown";
  return n <= 3 ? "simple" : n <= 8 ? "medium" : "complex";
}

/**
 * Tags from the extraction vocabulary that the task text and tools show, plus the complexity
 * tag: search tools → `web_search`; several distinct searches → `multi_step_reasoning`;
 * "how many/much" → `numeric_computation`; "when/what year" → `date_time`; a disambiguation
 * signal → `entity_disambiguation`; a short final answer → `lookup_factual`.
 */
export function taskTypeTags(task: TaskContext, trajectory: Trajectory): string[] {
  const tags: string[] = [];
  const q = task.text.toLowerCase();
  const actions = trajectory.steps.filter((s) => s.kind === "action");
  const searches = actions.filter((s) => /search|lookup|query/i.test(s.tool ?? ""));
  if (searches.length > 0) tags.push("web_search");
  if (new Set(searches.map((s) => JSON.stringify(s.args ?? {}))).size >= 2) {
    tags.push("multi_step_reasoning");
  }
  if (/\bhow (many|much)\b|\bnumber of\b/.test(q)) tags.push("numeric_computation");
  if (/\bwhen\b|\bwhat year\b|\bwhich year\b|\bdate\b/.test(q)) tags.push("date_time");
  if (actions.some((s) => /similar:|may refer to|\(disambiguation\)/i.test(s.observation ?? ""))) {
    tags.push("entity_disambiguation");
  }
  if (trajectory.final_answer !== undefined && trajectory.final_answer.split(/\s+/).length <= 6) {
    tags.push("lookup_factual");
  }
  const complexity = taskComplexity(task, trajectory);
  if (complexity !== "unknown") tags.push(complexity);
  return tags;
}
