/**
 * Key-term extraction for the offline fallbacks of the merging ops: the content words texts
 * share, and the one statement that best summarises a unit.
 *
 * @module
 */
import type { EncodeType } from "../../core/space.ts";
import { contentText, type MemoryUnit } from "../../core/unit.ts";

const STOPWORDS = new Set(
  ("about above after again against because been before being below between both could does " +
    "doing down during each from further have having here into just more most once only other " +
    "over same should some such than that their them then there these they this those through " +
    "under until very were what when where which while will with would your step tool memory " +
    "task query agent answer also must first make sure using used use")
    .split(" "),
);

/** Distinct content words of `text`: lower-case, at least 4 characters, not stopwords. */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 4 && !STOPWORDS.has(w)))];
}

/**
 * Terms shared by at least half of the texts (and at least two), most widely shared first,
 * ties alphabetical; at most `k`.
 */
export function sharedTerms(texts: readonly string[], k: number): string[] {
  const df = new Map<string, number>();
  for (const t of texts) for (const w of termsOf(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const need = Math.max(2, Math.ceil(texts.length / 2));
  return [...df].filter(([, n]) => n >= need)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k)
    .map(([w]) => w);
}

/** The one statement that best summarises a unit (a tip's principle, an insight's strategy...). */
export function principleOf(unit: MemoryUnit): string {
  const keys: Record<EncodeType, string[]> = {
    tip: ["principle"],
    insight: ["corrective_strategy", "root_cause_conclusion"],
    trajectory: ["reusable_anchor", "key_decision"],
    workflow: ["generalized_execution"],
    shortcut: ["description"],
  };
  for (const k of keys[unit.type]) {
    const v = unit.content[k];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return contentText(unit);
}
