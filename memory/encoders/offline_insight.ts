/**
 * The offline insight rule: what went wrong in a failed agent run. The divergence point is the
 * first error no later step recovered; its observation (an action's, never its arguments or tool
 * name), else its text, else the failure reason, picks the `failure_pattern` by error class
 * first, then by phrase rules (`failure_rules.ts`). The root cause names the failing step,
 * quotes its error, says how often the tool failed again (quoting the last error when its class
 * differs) and how the run ended. The corrective strategy is the run's own stated correction
 * when there is one, else the error class's fix with the error quoted ("Do set
 * include_archived=true on fetch_records: fetch_records failed with "…"", naming the step that
 * produced a missing state when the run shows one, or the rejected value), else the pattern's
 * general strategy. A rejected final answer points at the evidence it rested on, and only the
 * answer's shape is recorded, never the expected value.
 *
 * @module
 */
import {
  type AgentView,
  criticalStep,
  divergenceStep,
  obsHead,
  type UnitDraft,
} from "./agent_steps.ts";
import { classifyError } from "./error_classes.ts";
import { errorQuote, fixFor, offendingValue, producerOf, quotedFix } from "./error_lessons.ts";
import { answerShape, classifyFailure, CORRECTIVE_STRATEGY } from "./failure_rules.ts";
import { clipWords, describeAction, stepHeadline } from "./text_rules.ts";

/** The insight unit of a failed run. */
export function insightDraft(view: AgentView): UnitDraft | undefined {
  const steps = view.trajectory.steps;
  if (steps.length === 0) return undefined;
  const a = (t: string) => view.abs.abstract(t);
  const reason = view.outcome?.failure_reason ?? "";
  const lastAction = view.actions[view.actions.length - 1];
  let div = divergenceStep(view);
  // A rejected final answer is the symptom; the evidence the answer rested on is the lead.
  const wrongAnswer = div !== undefined && div === lastAction && /mismatch/i.test(reason);
  if (wrongAnswer) div = undefined;
  const isAction = div?.kind === "action";
  // An action's own observation decides, never words in its arguments or tool name.
  const divText = !div ? "" : isAction ? div.observation ?? "" : div.text ?? "";
  const pattern = classifyFailure(divText, view.outcome);
  const repeats = isAction
    ? view.actions.filter((s) => s.error && s !== div && s.tool === div?.tool)
    : [];
  const ending = /^halted/i.test(reason)
    ? "the run ran out of steps"
    : /mismatch/i.test(reason)
    ? "the run finished with a wrong answer"
    : "the run failed";
  const last = lastAction ?? steps[steps.length - 1];
  const basis = wrongAnswer ? criticalStep(view) : undefined;
  const info = div && isAction ? classifyError(divText) : undefined;
  const quote = div && isAction ? a(errorQuote(div)) : "";
  let root: string;
  if (div && isAction) {
    const final = repeats[repeats.length - 1];
    const lastQuote = final && classifyError(final.observation ?? "")?.kind !== info?.kind
      ? ` (last: "${clipWords(a(errorQuote(final)), 14)}")`
      : "";
    const again = repeats.length > 0
      ? ` and ${repeats.length} later ${div.tool} attempt(s) failed too${lastQuote}`
      : "";
    root = `${a(describeAction(div))} failed with "${quote}"${again}, so ${ending}.`;
  } else if (div) {
    root = a(div.text ?? "");
  } else if (basis && basis !== last) {
    root = `The run answered ${a(stepHeadline(last))} on the strength of ${
      a(stepHeadline(basis))
    } ("${clipWords(a(obsHead(basis)), 15)}"), and the answer was rejected.`;
  } else {
    root = `The run ended with ${a(stepHeadline(last))} and ${ending.replace("the run ", "")}.`;
  }
  let fix: string | undefined;
  if (div && info) {
    const tool = div.tool ?? "act";
    const others = view.actions.filter((s) => !s.error && s.tool !== tool);
    fix = fixFor(info, {
      tool,
      producer: producerOf(info.needs, others, false)?.tool,
      value: offendingValue(div, info),
    });
    if (fix) fix = quotedFix(a(fix), tool, quote);
  }
  const correction = steps.find((s) => s.meta?.role === "correction" && s.text)?.text;
  // Shapes, not values: the expected answer must not leak into memory.
  const answer = view.outcome?.answer ?? view.trajectory.final_answer;
  const expected = view.outcome?.expected;
  const mismatch = answer && expected && !view.outcome?.success
    ? `Answered ${answerShape(answer)} where ${answerShape(expected)} was expected`
    : !answer && expected
    ? `Gave no answer where ${answerShape(expected)} was expected`
    : "";
  const sig = clipWords(view.abs.signature, 15);
  const signal = div && isAction
    ? `${div.tool} returns "${clipWords(a(obsHead(div)), 6)}"`
    : div
    ? `${pattern}: ${clipWords(a(div.text ?? ""), 12)}`
    : "The evaluator rejects the final answer";
  return {
    type: "insight",
    content: {
      failure_pattern: pattern,
      root_cause_conclusion: clipWords(root, 55),
      corrective_strategy: correction
        ? clipWords(a(correction), 35)
        : fix ?? clipWords(CORRECTIVE_STRATEGY[pattern], 35),
      detection_signal: clipWords(signal, 20),
      ...(div ? { divergence_point: clipWords(`${div.ref}: ${a(stepHeadline(div))}`, 25) } : {}),
      ...(mismatch ? { state_mismatch_analysis: mismatch } : {}),
      task_type_tags: view.tags,
      use_when: [sig || clipWords(signal, 15)],
    },
    source_refs: div
      ? [div.ref, ...repeats.slice(0, 4).map((s) => s.ref)]
      : basis && basis !== last
      ? [basis.ref, last.ref]
      : [last.ref],
  };
}
