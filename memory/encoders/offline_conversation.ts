/**
 * Offline rules for conversations (trajectories of `turn` steps, no outcome). Units stay small
 * so their `source_refs` (the turns' `dia_id`s) stay precise for evidence recall:
 *
 * - **tip** (category `fact`): one per salient turn (a turn with an image, a question, or at
 *   least two content words): `principle` = `<speaker>: <utterance>`, plus `speaker`, the
 *   session `date`, and as `context` the last question the previous turn asked (an answer's
 *   words rarely repeat the question; tuned on the first five LoCoMo conversations only).
 *   refs: the turn.
 * - **trajectory**: the session in windows of 8 consecutive turns, each turn clipped to 40
 *   words; `key_decision` names the speakers and the window's top keywords,
 *   `critical_observation` is the longest turn in full. refs: that turn only, because a
 *   trajectory's steps are hidden when it is shown to an agent (`shownText`) and a unit cites
 *   only the turns the agent sees in full.
 * - **shortcut**: a question (a sentence ending in `?` with 3+ content words) answered by the
 *   next turn of the other speaker (4+ content words): question → verified answer. The shown
 *   `description` holds both turns in full, so refs: both turns.
 * - insight and workflow are never extracted from conversations (no outcome to learn from).
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { UnitDraft } from "./agent_steps.ts";
import { clipWords, contentWords, snakeName, topKeywords } from "./text_rules.ts";

/** Turns per conversation trajectory unit. */
export const TURN_WINDOW = 8;

function utterance(step: TrajectoryStep): string {
  return (step.text ?? "").replace(/\s+/g, " ").trim();
}

function dateOf(step: TrajectoryStep): string | undefined {
  const d = step.meta?.date;
  return typeof d === "string" && d.trim() ? d.trim() : undefined;
}

/** The last question sentence of a text, if any. */
export function lastQuestion(text: string): string | undefined {
  const qs = text.match(/[^.!?]*\?/g);
  return qs ? qs[qs.length - 1].trim() || undefined : undefined;
}

/** Whether a turn carries enough content to be worth a fact unit. */
export function isSalient(step: TrajectoryStep): boolean {
  const text = utterance(step);
  return text.includes("[image:") || text.includes("?") || contentWords(text).length >= 2;
}

/** One fact tip per salient turn. */
export function factDrafts(turns: readonly TrajectoryStep[]): UnitDraft[] {
  const out: UnitDraft[] = [];
  turns.forEach((t, i) => {
    const text = utterance(t);
    if (!text || !isSalient(t)) return;
    const speaker = t.speaker ?? "speaker";
    const context = i > 0 ? lastQuestion(utterance(turns[i - 1])) : undefined;
    const date = dateOf(t);
    out.push({
      type: "tip",
      content: {
        category: "fact",
        principle: `${speaker}: ${text}`,
        speaker,
        ...(date ? { date } : {}),
        ...(context ? { context } : {}),
      },
      source_refs: [t.ref],
    });
  });
  return out;
}

/** The conversation in windows of {@linkcode TURN_WINDOW} turns. */
export function windowDrafts(turns: readonly TrajectoryStep[]): UnitDraft[] {
  const out: UnitDraft[] = [];
  for (let start = 0; start < turns.length; start += TURN_WINDOW) {
    const window = turns.slice(start, start + TURN_WINDOW).filter((t) => utterance(t) !== "");
    if (window.length === 0) continue;
    const speakers = [...new Set(window.map((t) => t.speaker ?? "speaker"))];
    const keywords = topKeywords(
      window.map(utterance).join(" ").replace(/\[image:[^\]]*\]/g, " "),
      5,
    ).filter((w) => !speakers.some((s) => s.toLowerCase() === w));
    const longest = window.reduce((a, b) => utterance(b).length > utterance(a).length ? b : a);
    const date = dateOf(window[0]);
    out.push({
      type: "trajectory",
      content: {
        steps: window.map((t, i) => ({
          step_id: i,
          action: clipWords(`${t.speaker ?? "speaker"}: ${utterance(t)}`, 40),
          observation: "",
        })),
        key_decision: clipWords(
          `${speakers.join(" and ")} talked about ${keywords.join(", ")}`,
          30,
        ),
        tool_strategy: "",
        critical_observation: `${longest.speaker ?? "speaker"}: ${utterance(longest)}`,
        ...(date ? { date } : {}),
      },
      source_refs: [longest.ref],
    });
  }
  return out;
}

/** Question → answer shortcuts where the next speaker answers a question. */
export function answerDrafts(turns: readonly TrajectoryStep[]): UnitDraft[] {
  const out: UnitDraft[] = [];
  for (let i = 0; i + 1 < turns.length; i++) {
    const [q, r] = [turns[i], turns[i + 1]];
    const question = lastQuestion(utterance(q));
    const answer = utterance(r);
    if (!question || contentWords(question).length < 3) continue;
    if (q.speaker === r.speaker || contentWords(answer).length < 4) continue;
    const asker = q.speaker ?? "speaker", answerer = r.speaker ?? "speaker";
    const date = dateOf(r);
    out.push({
      type: "shortcut",
      content: {
        name: snakeName(question) || "answer",
        description: `${asker}: ${utterance(q)} / ${answerer}: ${answer}`,
        precondition: clipWords(`Someone asks: ${question}`, 40),
        verified_answer: `${answerer}: ${answer}`,
        action_sequence: [{
          step: 1,
          intent: "answer from the recorded reply",
          tool_call: { tool_name: "recall", args_pattern: clipWords(question, 25) },
        }],
        ...(date ? { assumptions: [`Stated on ${date}; may have changed since.`] } : {}),
      },
      source_refs: [q.ref, r.ref],
    });
  }
  return out;
}
