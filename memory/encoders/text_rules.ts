/**
 * Small deterministic text helpers shared by the offline encoders: word limits, sentences,
 * snake_case names, keyword ranking and a one-line rendering of a step.
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";

/** Function words ignored when ranking keywords or naming things. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an the and or but of to in on at for from by with as is are was were be been being it its " +
    "this that these those i me my we our you your he him his she her they them their what which " +
    "who whom whose when where why how do does did done have has had not no yes so too very just " +
    "can could would should will shall may might must if then than there here also about into " +
    "over after before up down out off again more most some any all each other such only own same " +
    "oh hey hi wow yeah okay ok thanks thank really lol haha glad great good nice awesome").split(
      " ",
    ),
);

/** Whitespace-separated words. */
export function words(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** The first `max` words of `text`, with `…` when something was cut. */
export function clipWords(text: string, max: number): string {
  const w = words(text.replace(/\s+/g, " "));
  return w.length <= max ? w.join(" ") : w.slice(0, max).join(" ") + " …";
}

/** Sentences of `text` (split after `.`, `!` or `?` followed by white space). */
export function sentences(text: string): string[] {
  return text.replace(/\s+/g, " ").trim().split(/(?<=[.!?])\s+/).filter(Boolean);
}

/** The first sentence, at most `maxWords` words. */
export function firstSentence(text: string, maxWords = 40): string {
  return clipWords(sentences(text)[0] ?? "", maxWords);
}

/** Lower-case content words (letters/digits, 3+ characters, not stopwords). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) =>
    w.length >= 3 && !STOPWORDS.has(w)
  );
}

/** Chat fillers that are content words but never a topic. */
const FILLERS: ReadonlySet<string> = new Set(
  "see cool like love got get know think feel sounds sound much well going yeah totally lot sure thing things one time really"
    .split(" "),
);

/** The `k` most frequent content words (chat fillers skipped), ties broken by first appearance. */
export function topKeywords(text: string, k: number): string[] {
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) if (!FILLERS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([w]) => w);
}

/** snake_case of the first `maxWords` content words (placeholders dropped). */
export function snakeName(text: string, maxWords = 6): string {
  return contentWords(text.replace(/<[A-Z_0-9]+>/g, " ")).slice(0, maxWords).join("_");
}

/** `tool[arg1, arg2]` (or just `tool`) for an action step. */
export function describeAction(step: Pick<TrajectoryStep, "tool" | "args">): string {
  const tool = step.tool ?? "act";
  const values = Object.values(step.args ?? {}).map((v) =>
    typeof v === "string" ? v : JSON.stringify(v)
  );
  return values.length > 0 ? `${tool}[${values.join(", ")}]` : tool;
}

/** One line naming what a step did: the action, the plan/summary text, or the utterance. */
export function stepHeadline(step: TrajectoryStep, maxWords = 30): string {
  switch (step.kind) {
    case "action":
      return clipWords(describeAction(step), maxWords);
    case "turn":
      return clipWords(`${step.speaker ?? "speaker"}: ${step.text ?? ""}`, maxWords);
    case "plan":
      return clipWords(`plan: ${step.text ?? ""}`, maxWords);
    default: {
      const role = typeof step.meta?.role === "string" ? step.meta.role : "note";
      return clipWords(`${role}: ${step.text ?? ""}`, maxWords);
    }
  }
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
