/**
 * Selection of good memory decisions: by rules (consult-before-write, non-redundant writes, reads
 * that returned something, followed by a productive action) or by a JUDGE-role model. Every
 * reviewed item gets a decision with a reason.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { ChatModel } from "../../core/ports.ts";
import judgePrompt from "../../prompts/scaffold_judge.md" with { type: "text" };
import { WRITE_OPS } from "../../memory/files/wire.ts";
import { fillTemplate, fitBudget } from "../prompts.ts";
import type { StepTrace } from "../trace.ts";
import type { TrainingItem } from "./postprocess.ts";

/** One review decision. */
export interface ReviewDecision {
  episode: number;
  step: number;
  phase: "log" | "plan";
  decision: "accept" | "reject";
  reason: string;
}

function outcome(t: StepTrace): string {
  if (t.stuck) return "the next action had no effect (stuck)";
  if (t.oscillating) return "the next action undid the previous move (oscillation)";
  return t.reward > 0
    ? "the next action made progress (reward)"
    : "the next action changed the game state";
}

/** The rule decision for an item, given its step trace. */
export function ruleDecision(item: TrainingItem, t: StepTrace): ReviewDecision {
  const base = { episode: item.episode, step: item.step, phase: item.phase };
  const reject = (reason: string): ReviewDecision => ({ ...base, decision: "reject", reason });
  if (t.stuck || t.oscillating) return reject(outcome(t));
  if (item.phase === "log") {
    const ops = (t.log?.turns ?? []).flatMap((x) => x.ops);
    const writes = ops.filter((o) => (WRITE_OPS as readonly string[]).includes(o.op));
    if (writes.length === 0) return reject("no write");
    if (writes.some((w) => w.redundant)) return reject("redundant write");
    if (writes.some((w) => w.consulted === false)) {
      return reject("write without a prior read of the file");
    }
    return {
      ...base,
      decision: "accept",
      reason: "consulted, non-redundant writes followed by a productive action",
    };
  }
  const reads = t.plan.turns.flatMap((x) => x.ops);
  const useful = reads.filter((o) => !/^\[(No lines matching|FILE IS EMPTY|ERROR)/.test(o.result));
  if (useful.length === 0) return reject("no read returned anything");
  return {
    ...base,
    decision: "accept",
    reason: "reads returned memory and the action was productive",
  };
}

const JudgeSchema = z.object({ decision: z.enum(["accept", "reject"]), reason: z.string() });

/** The JUDGE model's decision for an item. */
export async function judgeDecision(
  model: ChatModel,
  item: TrainingItem,
  t: StepTrace,
  signal?: AbortSignal,
): Promise<ReviewDecision> {
  const conv = item.messages.map((m) => `[${m.role}]\n${m.content}`).join("\n\n");
  const res = await model.chat({
    messages: [{
      role: "user",
      content: fillTemplate(judgePrompt, {
        phase: item.phase.toUpperCase(),
        outcome: outcome(t),
        conversation: fitBudget(conv, 12000),
      }),
    }],
    schema: JudgeSchema,
    schemaName: "memory_review",
    purpose: "scaffold_judge",
    signal,
  });
  return { episode: item.episode, step: item.step, phase: item.phase, ...res.json! };
}
