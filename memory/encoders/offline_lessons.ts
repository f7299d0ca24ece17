/**
 * Offline rules for the lesson encode types of an agent trajectory. At most one tip per category
 * (reference cap), literals abstracted:
 *
 * - **tip / tool_and_search** (any outcome), the first rule that applies:
 *   1. a recovered error: "Do <tool> <how the argument changed>, because <tool>[<arg>] failed
 *      with "<observation>"" (refs: the failed and the recovering step);
 *   2. a tool that failed twice or more and never recovered: "Do change the <tool> argument or
 *      switch tools after a failure, because <tool> failed N times with "<observation>"".
 * - **tip / planning_and_decision**, the first rule that applies:
 *   3. (successes) a discovery: consecutive successful actions A → B where B's argument first
 *      appears in A's observation: "Do A before B, because the A result revealed the B
 *      argument" (micro-example: the sentence that revealed it);
 *   4. (any outcome) a stated correction (a step with `meta.role = "correction"`, e.g. a
 *      reflection): "<correction> (because <the problem the run reports>)".
 * - **insight** (failures only): the divergence point is the first error no later step
 *   recovered; its text (or the failure reason) picks the `failure_pattern` by keyword rules;
 *   the root cause names the failing step, how often it repeated and how the run ended; the
 *   corrective strategy is the run's own stated correction when there is one, else the
 *   pattern's general strategy.
 *
 * @module
 */
import {
  type AgentView,
  criticalStep,
  divergenceStep,
  firstArg,
  obsHead,
  recoveryOf,
  type UnitDraft,
} from "./agent_steps.ts";
import { answerShape, classifyFailure, CORRECTIVE_STRATEGY } from "./failure_rules.ts";
import { clipWords, describeAction, sentences, stepHeadline, words } from "./text_rules.ts";
import type { TrajectoryStep } from "../../core/trajectory.ts";

/** How a recovering argument differs from the failed one. */
export function describeChange(failed: string, fixed: string): string {
  if (fixed.includes("(") && !failed.includes("(")) return "with a type qualifier in parentheses";
  if (/["“”]/.test(failed) && !/["“”]/.test(fixed)) return "without quotation marks";
  if (failed.toLowerCase() === fixed.toLowerCase()) return "with different capitalisation";
  const a = words(failed).length, b = words(fixed).length;
  if (b < a) return "with a shorter query (the core name only)";
  if (b > a) return "with a more specific query (an added detail)";
  return "with a different argument (a related name)";
}

function tip(
  view: AgentView,
  category: string,
  fields: Record<string, string>,
  refs: string[],
): UnitDraft {
  const sig = clipWords(view.abs.signature, 15);
  return {
    type: "tip",
    content: {
      category,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== "")),
      task_type_tags: view.tags,
      ...(sig ? { use_when: [sig] } : {}),
    },
    source_refs: refs,
  };
}

function toolTip(view: AgentView): UnitDraft | undefined {
  const a = (t: string) => view.abs.abstract(t);
  const errors = view.actions.filter((s) => s.error);
  for (const e of errors) {
    const r = recoveryOf(view, e);
    if (!r) continue;
    const head = clipWords(a(obsHead(e)), 12);
    return tip(view, "tool_and_search", {
      topic: `${e.tool} recovery`,
      principle: clipWords(
        `Do ${r.tool} ${describeChange(firstArg(e), firstArg(r))}, because ${
          a(describeAction(e))
        } failed with "${head}"`,
        40,
      ),
      micro_example: clipWords(`${a(describeAction(e))} → ${a(describeAction(r))}`, 30),
      counterfactual: "Repeating the failed argument returns the same error.",
      applicability: clipWords(`When ${e.tool} reports "${clipWords(head, 6)}"`, 25),
    }, [e.ref, r.ref]);
  }
  const byTool = new Map<string, TrajectoryStep[]>();
  for (const e of errors) byTool.set(e.tool ?? "act", [...(byTool.get(e.tool ?? "act") ?? []), e]);
  for (const [tool, failed] of byTool) {
    if (failed.length < 2) continue;
    const head = clipWords(a(obsHead(failed[0])), 12);
    return tip(view, "tool_and_search", {
      topic: `${tool} failures`,
      principle: clipWords(
        `Do change the ${tool} argument or switch tools after a failure, because ${tool} failed ${failed.length} times with "${head}"`,
        40,
      ),
      micro_example: clipWords(failed.slice(0, 3).map((s) => a(describeAction(s))).join(" → "), 30),
      counterfactual: "A new formulation or another tool could have unblocked the run.",
      applicability: clipWords(`When ${tool} fails twice with "${clipWords(head, 6)}"`, 25),
    }, failed.slice(0, 5).map((s) => s.ref));
  }
  return undefined;
}

function discoveryTip(view: AgentView): UnitDraft | undefined {
  const a = (t: string) => view.abs.abstract(t);
  const task = view.task.text.toLowerCase();
  const seen: string[] = [task];
  for (let i = 0; i + 1 < view.actions.length; i++) {
    const [x, y] = [view.actions[i], view.actions[i + 1]];
    const own = Object.values(x.args ?? {}).map((v) => String(v).toLowerCase());
    seen.push(...own);
    if (x.error || y.error) {
      seen.push((x.observation ?? "").toLowerCase());
      continue;
    }
    const obs = (x.observation ?? "").toLowerCase();
    const earlier = seen.join("\n");
    const found = Object.values(y.args ?? {}).map((v) => String(v)).find((v) => {
      const lv = v.toLowerCase();
      return /\p{L}/u.test(lv) && lv.length >= 3 && obs.includes(lv) && !earlier.includes(lv);
    });
    seen.push(obs);
    if (found === undefined) continue;
    const revealing = sentences(x.observation ?? "").find((s) =>
      s.toLowerCase().includes(found.toLowerCase())
    ) ?? "";
    return tip(view, "planning_and_decision", {
      topic: `${x.tool} then ${y.tool}`,
      principle: clipWords(
        `Do ${a(describeAction(x))} before ${
          a(describeAction(y))
        }, because the ${x.tool} result revealed the ${y.tool} argument`,
        40,
      ),
      micro_example: clipWords(a(revealing), 30),
      counterfactual:
        `Guessing the ${y.tool} argument without ${x.tool} risks a wrong or missing target.`,
    }, [x.ref, y.ref]);
  }
  return undefined;
}

function correctionTip(view: AgentView): UnitDraft | undefined {
  const steps = view.trajectory.steps;
  const c = steps.find((s) => s.meta?.role === "correction" && s.text);
  if (!c) return undefined;
  const p = steps.find((s) => s.error && s.text);
  const problem = p?.text?.replace(/^(However|But),?\s*/i, "") ?? "";
  // "I was…" keeps its capital; "The task…" reads on as "the task…".
  const lead = /^\p{Lu}\p{Ll}/u.test(problem)
    ? problem[0].toLowerCase() + problem.slice(1)
    : problem;
  const because = problem ? ` (because ${clipWords(lead.replace(/\.$/, ""), 14)})` : "";
  return tip(view, "planning_and_decision", {
    topic: "correction after a failed attempt",
    principle: view.abs.abstract(`${clipWords(c.text!.replace(/\.$/, ""), 26)}${because}`),
  }, p ? [c.ref, p.ref] : [c.ref]);
}

/** Up to two tips (one per category). */
export function tipDrafts(view: AgentView): UnitDraft[] {
  const success = view.outcome?.success === true;
  const planning = (success ? discoveryTip(view) : undefined) ?? correctionTip(view);
  return [toolTip(view), planning].filter((d): d is UnitDraft => d !== undefined);
}

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
  const divText = !div
    ? ""
    : isAction
    ? `${describeAction(div)} → ${div.observation ?? ""}`
    : div.text ?? "";
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
  let root: string;
  if (div && isAction) {
    const again = repeats.length > 0
      ? ` and ${repeats.length} later ${div.tool} attempt(s) failed too`
      : "";
    root = `${a(describeAction(div))} failed with "${
      clipWords(a(obsHead(div)), 12)
    }"${again}, so ${ending}.`;
  } else if (div) {
    root = a(div.text ?? "");
  } else if (basis && basis !== last) {
    root = `The run answered ${a(stepHeadline(last))} on the strength of ${
      a(stepHeadline(basis))
    } ("${clipWords(a(obsHead(basis)), 15)}"), and the answer was rejected.`;
  } else {
    root = `The run ended with ${a(stepHeadline(last))} and ${ending.replace("the run ", "")}.`;
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
      root_cause_conclusion: clipWords(root, 45),
      corrective_strategy: clipWords(correction ? a(correction) : CORRECTIVE_STRATEGY[pattern], 35),
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
