/**
 * Step analysis shared by the offline agent-trajectory rules: errors and their recoveries, the
 * critical step, the condensed step list and the collapsed, abstracted procedure.
 *
 * @module
 */
import type { EncodeType } from "../../core/space.ts";
import type {
  TaskContext,
  TaskOutcome,
  Trajectory,
  TrajectoryStep,
} from "../../core/trajectory.ts";
import type { Abstractor } from "./abstraction.ts";
import { clipWords, describeAction, firstSentence, stepHeadline } from "./text_rules.ts";

/** Content plus provenance, before it becomes a unit. */
export interface UnitDraft {
  type: EncodeType;
  content: Record<string, unknown>;
  source_refs: string[];
}

/** What every offline agent rule sees. */
export interface AgentView {
  task: TaskContext;
  trajectory: Trajectory;
  outcome?: TaskOutcome;
  abs: Abstractor;
  /** Task-type tags (controlled vocabulary). */
  tags: string[];
  /** The `action` steps, in order. */
  actions: TrajectoryStep[];
}

/** The first string argument of a step ("" when none). */
export function firstArg(step: TrajectoryStep): string {
  const v = Object.values(step.args ?? {}).find((a) => typeof a === "string");
  return typeof v === "string" ? v : "";
}

/** The first sentence of a step's observation, at most `max` words. */
export function obsHead(step: TrajectoryStep, max = 12): string {
  return firstSentence(step.observation ?? "", max);
}

/** The first later successful action with the same tool, i.e. how an error was recovered. */
export function recoveryOf(view: AgentView, error: TrajectoryStep): TrajectoryStep | undefined {
  const i = view.actions.indexOf(error);
  return view.actions.slice(i + 1).find((s) => !s.error && s.tool === error.tool);
}

/** The first error step that no later step recovered (any kind), else the first error step. */
export function divergenceStep(view: AgentView): TrajectoryStep | undefined {
  const errors = view.trajectory.steps.filter((s) => s.error);
  return errors.find((s) => s.kind !== "action" || recoveryOf(view, s) === undefined) ?? errors[0];
}

/**
 * The step the outcome hinged on: the last successful action before the final one whose
 * observation contains the final answer, else the last successful action before the final one,
 * else the final action, else the first error or the last step.
 */
export function criticalStep(view: AgentView): TrajectoryStep | undefined {
  const acts = view.actions;
  const before = acts.slice(0, -1).filter((s) => !s.error);
  const answer = view.trajectory.final_answer?.toLowerCase();
  if (answer) {
    const holding = before.filter((s) => (s.observation ?? "").toLowerCase().includes(answer));
    if (holding.length > 0) return holding[holding.length - 1];
  }
  if (before.length > 0) return before[before.length - 1];
  if (acts.length > 0) return acts[acts.length - 1];
  const steps = view.trajectory.steps;
  return steps.find((s) => s.error) ?? steps[steps.length - 1];
}

/** The thought behind a step: its own, else the nearest plan text before it. */
export function rationaleOf(view: AgentView, step: TrajectoryStep): string {
  if (step.thought) return step.thought;
  const steps = view.trajectory.steps;
  for (let i = steps.indexOf(step) - 1; i >= 0 && steps[i].kind !== "action"; i--) {
    if (steps[i].kind === "plan" && steps[i].text) return steps[i].text!;
  }
  return "";
}

/** One condensed step with the refs it stands for. */
export interface CondensedStep {
  action: string;
  observation: string;
  error: boolean;
  refs: string[];
}

/** Longest condensed trajectory (reference ceiling for complex tasks). */
export const MAX_TRAJECTORY_STEPS = 12;

/**
 * The action steps (or, for runs without actions, the non-initial steps); consecutive failures
 * of one tool merged into one entry; at most {@linkcode MAX_TRAJECTORY_STEPS}, keeping the first
 * and last halves.
 */
export function condenseSteps(view: AgentView): CondensedStep[] {
  const source = view.actions.length > 0
    ? view.actions
    : view.trajectory.steps.filter((s) => s.meta?.role !== "initial_observation");
  const out: CondensedStep[] = [];
  let run: TrajectoryStep | undefined; // first step of the current run of one tool's failures
  let prev: TrajectoryStep | undefined;
  for (const s of source.length > 0 ? source : view.trajectory.steps) {
    const last = out[out.length - 1];
    if (last && run && s.error && prev?.error && s.kind === "action" && s.tool === prev.tool) {
      last.refs.push(s.ref);
      const [first, latest] = [stepHeadline(run, 14), stepHeadline(s, 14)];
      last.action = `${first}${latest === first ? "" : ` … ${latest}`} (×${last.refs.length})`;
    } else {
      run = s;
      out.push({
        action: stepHeadline(s),
        observation: firstSentence(s.observation ?? "", 40),
        error: s.error === true,
        refs: [s.ref],
      });
    }
    prev = s;
  }
  if (out.length <= MAX_TRAJECTORY_STEPS) return out;
  const half = MAX_TRAJECTORY_STEPS / 2;
  return [...out.slice(0, half), ...out.slice(-half)];
}

/** One abstracted procedure step. */
export interface ProcedureStep {
  tool: string;
  action: string;
  rationale: string;
  generalized: string;
  args: string;
  refs: string[];
  repeated: boolean;
  /** The generalized form with plain lower-case words blanked: `go to[* <N>]`. */
  shape: string;
}

function shapeOf(generalized: string): string {
  const open = generalized.indexOf("[");
  if (open < 0) return generalized;
  return generalized.slice(0, open) +
    generalized.slice(open).split(/(<[A-Z][A-Z0-9_]*>)/).map((part, i) =>
      i % 2 === 1 ? part : part.replace(/\p{Ll}[\p{L}\p{N}]*/gu, "*")
    ).join("");
}

/**
 * The successful actions with literals abstracted; a block of 1–3 steps that immediately repeats
 * with the same shape (same tools and placeholders, any plain words: `go to[cabinet <N>]`,
 * `go to[drawer <N>]`) is kept once, in its later form, and marked `repeated`.
 */
export function procedure(view: AgentView): ProcedureStep[] {
  const out: ProcedureStep[] = [];
  for (const s of view.actions.filter((a) => !a.error)) {
    const generalized = view.abs.abstract(describeAction(s));
    const values = Object.values(s.args ?? {}).map((v) => typeof v === "string" ? v : "");
    out.push({
      tool: s.tool ?? "act",
      action: clipWords(generalized, 20),
      rationale: clipWords(view.abs.abstract(firstSentence(rationaleOf(view, s), 20)), 20),
      generalized: clipWords(generalized, 25),
      args: view.abs.abstract(values.join(", ")),
      refs: [s.ref],
      repeated: false,
      shape: shapeOf(generalized),
    });
    for (let k = 1; k <= 3; k++) {
      if (out.length < 2 * k) continue;
      const a = out.slice(-2 * k, -k), b = out.slice(-k);
      if (a.every((x, i) => x.shape === b[i].shape)) {
        // Keep the later block's form (the attempt that led on) and the earlier block's reason.
        a.forEach((x, i) => {
          const refs = [...x.refs, ...b[i].refs];
          Object.assign(x, b[i], {
            rationale: x.rationale || b[i].rationale,
            refs,
            repeated: true,
          });
        });
        out.splice(-k, k);
        break;
      }
    }
  }
  return out;
}

/** `Search ×3 → Lookup → Finish`: the tool sequence with consecutive repeats counted. */
export function toolStrategy(view: AgentView): string {
  const runs: [string, number][] = [];
  for (const s of view.actions) {
    const tool = s.tool ?? "act";
    const last = runs[runs.length - 1];
    if (last && last[0] === tool) last[1]++;
    else runs.push([tool, 1]);
  }
  return clipWords(runs.map(([t, n]) => n > 1 ? `${t} ×${n}` : t).join(" → "), 15);
}
