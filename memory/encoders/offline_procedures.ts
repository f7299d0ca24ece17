/**
 * Offline rules for the procedural encode types of an agent trajectory:
 *
 * - **trajectory**: the condensed step list (actions, or the plan/summary sentences of runs
 *   without actions; repeated failures of one tool merged; at most 12 steps), errors marked, the
 *   last step of a failed run suffixed `| FAIL: <reason>`. `key_decision` is the thought behind
 *   the critical step, `tool_strategy` the tool sequence, `critical_observation` that step's
 *   observation with the final answer redacted.
 * - **workflow** (successes): the successful actions with literals abstracted
 *   (`abstraction.ts`), immediately repeated blocks kept once, each with the abstracted first
 *   sentence of its thought as rationale, plus the answer's shape as `final_format_check`.
 * - **shortcut** (successes): the task signature (abstracted task text) mapped to the verified
 *   answer and the abstracted action sequence; `input_schema`/`test_invocation` declare the
 *   task placeholders and their values in this task.
 *
 * @module
 */
import {
  type AgentView,
  condenseSteps,
  criticalStep,
  procedure,
  rationaleOf,
  toolStrategy,
  type UnitDraft,
} from "./agent_steps.ts";
import { isValueAnswer } from "./failure_rules.ts";
import { clipWords, escapeRegExp, firstSentence, snakeName } from "./text_rules.ts";

function triggers(view: AgentView): { use_when?: string[] } {
  const sig = clipWords(view.abs.signature, 15);
  return sig ? { use_when: [sig] } : {};
}

/** The trajectory unit (both outcomes). */
export function trajectoryDraft(view: AgentView): UnitDraft | undefined {
  const steps = condenseSteps(view);
  if (steps.length === 0) return undefined;
  if (view.outcome && !view.outcome.success) {
    const last = steps[steps.length - 1];
    const reason = clipWords(view.outcome.failure_reason ?? "the task failed", 20);
    last.observation = `${last.observation} | FAIL: ${reason}`.trim();
  }
  const critical = criticalStep(view);
  const answer = view.trajectory.final_answer?.trim();
  let observed = critical?.kind === "action"
    ? firstSentence(critical.observation ?? "", 25)
    : clipWords(view.trajectory.steps.find((s) => s.error)?.text ?? "", 25);
  if (answer) observed = observed.replace(new RegExp(escapeRegExp(answer), "gi"), "<ANSWER>");
  const decision = critical ? rationaleOf(view, critical) : "";
  const correction = view.trajectory.steps.find((s) => s.meta?.role === "correction")?.text;
  return {
    type: "trajectory",
    content: {
      steps: steps.map((s, i) => ({
        step_id: i,
        action: s.action,
        observation: s.observation,
        ...(s.error ? { error: true } : {}),
      })),
      key_decision: clipWords(firstSentence(decision || correction || "", 30), 30),
      tool_strategy: toolStrategy(view),
      critical_observation: observed,
      task_type_tags: view.tags,
      ...triggers(view),
    },
    source_refs: steps.flatMap((s) => s.refs),
  };
}

/** The expected shape of the answer, from the final answer (literals abstracted). */
export function finalFormatCheck(view: AgentView): string {
  const answer = view.trajectory.final_answer?.trim();
  if (!answer) {
    const last = view.actions[view.actions.length - 1];
    return last ? `Finish once ${view.abs.abstract(last.tool ?? "the last action")} succeeds` : "";
  }
  const own = view.abs.placeholders.find((p) =>
    p.origin === "task" && p.value.toLowerCase() === answer.toLowerCase()
  );
  if (own) return `The answer is <${own.name}>, one of the entities the task names`;
  if (/^(yes|no)$/i.test(answer)) return "The answer is yes or no";
  if (/^\s*(1\d{3}|20\d{2})\s*$/.test(answer)) return "The answer is a year";
  if (isValueAnswer(answer)) return "The answer is a number or date, without extra words";
  return `The answer is a short name of ${answer.split(/\s+/).length} word(s), without extra words`;
}

/** The workflow unit (successes with at least one successful action). */
export function workflowDraft(view: AgentView): UnitDraft | undefined {
  const proc = procedure(view);
  if (proc.length === 0) return undefined;
  const check = finalFormatCheck(view);
  return {
    type: "workflow",
    content: {
      agent_workflow: proc.map((p, i) => ({
        step: i + 1,
        action: p.action,
        rationale: p.repeated
          ? clipWords(`${p.rationale} (repeat until it succeeds)`.trim(), 24)
          : p.rationale,
        generalized_execution: p.generalized,
      })),
      ...(check ? { final_format_check: check } : {}),
      task_type_tags: view.tags,
      ...triggers(view),
    },
    source_refs: proc.flatMap((p) => p.refs),
  };
}

/** The shortcut unit (successes with at least one successful action). */
export function shortcutDraft(view: AgentView): UnitDraft | undefined {
  const proc = procedure(view);
  if (proc.length === 0) return undefined;
  const inputs = view.abs.placeholders.filter((p) => p.origin === "task");
  const answer = view.trajectory.final_answer?.trim();
  const last = proc[proc.length - 1];
  const chain = [...new Set(proc.map((p) => p.tool))].join(", ");
  const signature = view.abs.signature.trim();
  const check = finalFormatCheck(view);
  return {
    type: "shortcut",
    content: {
      name: snakeName(`${last.tool} ${signature}`) ||
        `${snakeName(last.tool) || "replay"}_shortcut`,
      description: clipWords(`Replay ${chain} for tasks shaped like: ${signature}`, 40),
      precondition: clipWords(`The task matches: ${signature}`, 40),
      task_signature: signature,
      ...(answer ? { verified_answer: answer } : {}),
      input_schema: inputs.map((p) => ({
        name: p.name,
        type: "string",
        description: "entity named in the task",
      })),
      output_schema: { type: "string", description: check },
      test_invocation: Object.fromEntries(inputs.map((p) => [p.name, p.value])),
      assumptions: ["Verified by one successful run; re-check when an observation differs."],
      failure_diagnosis: null,
      action_sequence: proc.map((p, i) => ({
        step: i + 1,
        intent: p.rationale,
        tool_call: { tool_name: p.tool, args_pattern: p.args },
      })),
      task_type_tags: view.tags,
      ...triggers(view),
    },
    source_refs: proc.flatMap((p) => p.refs),
  };
}
