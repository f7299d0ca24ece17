/**
 * Candidate training items from step traces: the LOG conversation of a step, and the memory
 * consultation of its PLAN (up to the last turn that issued a memory op), rebuilt as
 * user/assistant turns from each turn's prompt and response.
 *
 * @module
 */
import type { ChatMessage } from "../../core/ports.ts";
import type { StepTrace, TracePhase } from "../trace.ts";
import type { TrainingItem } from "./postprocess.ts";

function conversation(phase: TracePhase, upTo: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const t of phase.turns.slice(0, upTo + 1)) {
    out.push({ role: "user", content: t.prompt }, { role: "assistant", content: t.response });
  }
  return out;
}

/** The LOG and PLAN-consultation items of an episode. */
export function candidateItems(episode: number, traces: readonly StepTrace[]): TrainingItem[] {
  const out: TrainingItem[] = [];
  for (const t of traces) {
    if (t.log && t.log.turns.length) {
      out.push({
        phase: "log",
        episode,
        step: t.step,
        messages: conversation(t.log, t.log.turns.length - 1),
      });
    }
    let last = -1;
    t.plan.turns.forEach((turn, i) => {
      if (turn.role === "memory" || t.plan.turns.every((x) => x.role === "task")) {
        if (turn.ops.length) last = i;
      }
    });
    if (last >= 0) {
      out.push({ phase: "plan", episode, step: t.step, messages: conversation(t.plan, last) });
    }
  }
  return out;
}
