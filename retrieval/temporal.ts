/**
 * Temporal intent: a question that asks WHEN something happened ("When did ...", "How long ago
 * ...", "What year ...") is answered by a memory that SAYS when ("two weeks ago", "last
 * Friday", "next month"), read against the date it was stated on. Such statements are a small
 * share of any memory, so knowing that a question asks for time narrows the candidates a lot.
 *
 * Measured on the first five LoCoMo conversations only (turns of the conversation as the
 * memory): a relative time expression ({@linkcode mentionsTime}) occurs in 14% of all turns but
 * in 80% of the evidence turns of temporal questions; {@linkcode asksWhen} matches 142 of their
 * 156 temporal questions and 18 of the 843 others. The hybrid retriever adds its
 * `temporal_weight` to the fused score of a candidate that mentions time when the query asks
 * when.
 *
 * Only RELATIVE expressions count: absolute dates also appear as metadata (a unit's `date`, the
 * "Stated on <date>" of a shortcut), which every unit of a conversation carries alike.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import { unitText } from "../stores/entities.ts";

const PERIOD =
  "week|weekend|month|year|night|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday|summer|winter|spring|fall|autumn|time";

const RELATIVE_TIME = new RegExp(
  `\\b(?:yesterday|today|tonight|tomorrow|ago|recently|lately|the other day|` +
    `(?:last|next|this|past|coming) (?:few |couple of )?(?:${PERIOD})s?)\\b`,
  "i",
);

const ASKS_WHEN = new RegExp(
  "^\\s*when\\b|\\bhow long\\b|\\b(?:what|which|in what) (?:year|month|day|date|week|time)\\b|" +
    "\\bhow many (?:days|weeks|months|years)\\b",
  "i",
);

/** Whether a query asks when something happened (or how long ago, which year...). */
export function asksWhen(query: string): boolean {
  return ASKS_WHEN.test(query);
}

/** Whether a text holds a relative time expression ("last week", "two days ago", "tomorrow"). */
export function mentionsRelativeTime(text: string): boolean {
  return RELATIVE_TIME.test(text);
}

/** Whether a unit's content says when something happened relative to when it was stated. */
export function mentionsTime(unit: Pick<MemoryUnit, "content" | "use_when">): boolean {
  return mentionsRelativeTime(unitText(unit));
}
