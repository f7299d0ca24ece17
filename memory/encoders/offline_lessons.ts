/**
 * Offline rules for the lesson encode types of an agent trajectory. At most one tip per category
 * (reference cap), literals abstracted. Errors are read by class ({@linkcode classifyError});
 * every lesson about an error quotes its first sentence verbatim (literals abstracted), so a
 * reader can pull the constraint back out, and names the fix rather than generic advice:
 *
 * - **tip / tool_and_search** (any outcome), the first rule that applies:
 *   1. a recovered error (a later successful call of the same tool), the first one:
 *      - a precondition error ("needs X first", "requires X before"), or a retry with unchanged
 *        arguments after other tools succeeded: "Do <producer> before <tool>, because <tool>
 *        failed with "<error>"", the producer being the successful step in between whose
 *        observation names the needed state (else the last one before the retry);
 *      - else, when the arguments changed: "Do <tool> <how they changed>, because <tool> failed
 *        with "<error>"" (`with destination=b instead of a`, `with include_archived=true`, a
 *        query change for a single free-text argument; "different capitalisation" only when
 *        letter case is the one difference);
 *      - else: "Do retry <tool> unchanged, because …";
 *      refs: the failed, producing (when any) and recovering step;
 *   2. a tool that failed twice or more and never recovered: the class's fix ("Do set f=true on
 *      <tool>", "Do not pass <arg> <value> to <tool>; …", or "Do change the <tool> argument or
 *      switch tools after a failure") ", because <tool> failed N times with "<error>"".
 * - **tip / planning_and_decision**, the first rule that applies:
 *   3. (successes) a discovery: consecutive successful actions A → B where B's argument first
 *      appears in A's observation: "Do A before B, because the A result revealed the B
 *      argument" (micro-example: the sentence that revealed it);
 *   4. (any outcome) a stated correction (a step with `meta.role = "correction"`, e.g. a
 *      reflection): "<correction> (because <the problem the run reports>)".
 * - **insight** (failures only): see `offline_insight.ts` (re-exported here).
 *
 * Failed calls in examples carry the word "failed", so a reader never mistakes them for calls
 * to follow.
 *
 * @module
 */
import { type AgentView, recoveryOf, type UnitDraft } from "./agent_steps.ts";
import { classifyError } from "./error_classes.ts";
import {
  describeArgsChange,
  errorQuote,
  fixFor,
  offendingValue,
  producerOf,
} from "./error_lessons.ts";
import { clipWords, describeAction, sentences } from "./text_rules.ts";
import type { TrajectoryStep } from "../../core/trajectory.ts";

export { describeChange } from "./error_lessons.ts";
export { insightDraft } from "./offline_insight.ts";

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

/** The lesson of one recovered error: a producer order, an argument change or a plain retry. */
function recoveryTip(view: AgentView, e: TrajectoryStep, r: TrajectoryStep): UnitDraft {
  const a = (t: string) => view.abs.abstract(t);
  const tool = e.tool ?? "act";
  const quote = a(errorQuote(e));
  const info = classifyError(e.observation ?? "");
  const [from, to] = [view.actions.indexOf(e), view.actions.indexOf(r)];
  const between = view.actions.slice(from + 1, to).filter((s) => !s.error && s.tool !== e.tool);
  const change = describeArgsChange(e.args, r.args, !info || info.kind === "not_found");
  const ordered = info?.kind === "precondition" || (!change && between.length > 0);
  const producer = ordered ? producerOf(info?.needs, between, true) : undefined;
  const failed = `${a(describeAction(e))} failed`;
  const applicability = clipWords(`When ${tool} reports "${clipWords(quote, 10)}"`, 25);
  if (producer) {
    return tip(view, "tool_and_search", {
      topic: `${producer.tool} before ${tool}`,
      principle: clipWords(
        `Do ${producer.tool} before ${tool}, because ${tool} failed with "${quote}"`,
        45,
      ),
      micro_example: clipWords(
        `${failed} → ${a(describeAction(producer))} → ${a(describeAction(r))}`,
        35,
      ),
      counterfactual: `Calling ${tool} before ${producer.tool} returns the same error.`,
      applicability,
    }, [e.ref, producer.ref, r.ref]);
  }
  return tip(view, "tool_and_search", {
    topic: `${tool} recovery`,
    principle: clipWords(
      `Do ${change ? `${r.tool} ${a(change)}` : `retry ${tool} unchanged`}, because ${
        change ? failed : `${tool} failed once`
      } with "${quote}"`,
      45,
    ),
    micro_example: clipWords(`${failed} → ${a(describeAction(r))}`, 35),
    counterfactual: change
      ? "Repeating the failed argument returns the same error."
      : `Giving up on ${tool} after one error loses the step.`,
    applicability,
  }, [e.ref, r.ref]);
}

function toolTip(view: AgentView): UnitDraft | undefined {
  const a = (t: string) => view.abs.abstract(t);
  const errors = view.actions.filter((s) => s.error);
  for (const e of errors) {
    const r = recoveryOf(view, e);
    if (r) return recoveryTip(view, e, r);
  }
  const byTool = new Map<string, TrajectoryStep[]>();
  for (const e of errors) byTool.set(e.tool ?? "act", [...(byTool.get(e.tool ?? "act") ?? []), e]);
  for (const [tool, failed] of byTool) {
    if (failed.length < 2) continue;
    const quote = a(errorQuote(failed[0]));
    const info = classifyError(failed[0].observation ?? "");
    const fix = info && fixFor(info, { tool, value: offendingValue(failed[0], info) });
    return tip(view, "tool_and_search", {
      topic: `${tool} failures`,
      principle: clipWords(
        `${
          fix ? a(fix) : `Do change the ${tool} argument or switch tools after a failure`
        }, because ${tool} failed ${failed.length} times with "${quote}"`,
        45,
      ),
      micro_example: clipWords(
        failed.slice(0, 3).map((s) => `${a(describeAction(s))} failed`).join(" → "),
        30,
      ),
      counterfactual: "A new formulation or another tool could have unblocked the run.",
      applicability: clipWords(`When ${tool} fails twice with "${clipWords(quote, 10)}"`, 25),
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
