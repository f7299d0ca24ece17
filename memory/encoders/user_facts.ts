/**
 * Plain facts a user states about themselves in an agent transcript (a chat with an assistant,
 * not a two-speaker conversation): names, preferences, habits, places, dates. Offline, without a
 * model, these are what a memory server is asked to keep ("my name is Ana", "I prefer tea", "my
 * flight is on 3 May"), so each such sentence of a user turn becomes a small fact tip citing its
 * turn. Sentences that are questions or requests to the assistant are not facts about the user.
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { UnitDraft } from "./agent_steps.ts";
import { sentences } from "./text_rules.ts";

/** First-person statements that carry a fact about the speaker. */
const PERSONAL = new RegExp(
  String
    .raw`\b(?:my|mine|call me|i(?:'m| am| was| have| had| live| work| study| prefer| like| love| enjoy| hate| dislike| don't| do not| never| always| usually| want| need| use| speak| own| moved| grew up))\b`,
  "i",
);

/** Dates and times, which make a sentence worth keeping even without "I" or "my". */
const DATE = new RegExp(
  String
    .raw`\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|next (?:week|month|year))\b`,
  "i",
);

/** A request or question to the assistant rather than a statement. */
const REQUEST =
  /^(?:please|can you|could you|would you|will you|help|tell me|show me|find|what|who|where|when|why|how)\b/i;

/** Whether a sentence states a fact about the user. */
export function isUserFact(sentence: string): boolean {
  const s = sentence.trim();
  if (s.endsWith("?") || REQUEST.test(s)) return false;
  return PERSONAL.test(s) || DATE.test(s);
}

/** One fact tip per fact sentence of the user's turns, citing the turn. */
export function userFactDrafts(steps: readonly TrajectoryStep[]): UnitDraft[] {
  const out: UnitDraft[] = [];
  for (const step of steps) {
    if (step.kind !== "turn" || step.speaker !== "user") continue;
    const text = (step.text ?? "").replace(/\s+/g, " ").trim();
    for (const sentence of sentences(text)) {
      if (!isUserFact(sentence)) continue;
      out.push({
        type: "tip",
        content: { category: "fact", principle: `user: ${sentence.trim()}`, speaker: "user" },
        source_refs: [step.ref],
      });
    }
  }
  return out;
}
