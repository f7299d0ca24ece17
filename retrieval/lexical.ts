/**
 * Lexical helpers for the offline paths (the `cbr_rerank:lexical` rerank and the offline query
 * abstraction). The tokenizer follows the reference keyword retriever
 * (docs/design.md#retriever-keyword): lower-case word tokens, and for CJK runs every character plus
 * every adjacent bigram.
 *
 * @module
 */

const CJK = "\\u3400-\\u4dbf\\u4e00-\\u9fff";
const TOKEN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}_])+`, "gu");
const CJK_RUN = new RegExp(`^[${CJK}]+$`, "u");

/** Lower-case tokens of `text` (words; CJK characters and bigrams). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN)) {
    const run = m[0];
    if (CJK_RUN.test(run)) {
      const chars = [...run];
      out.push(...chars);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    } else out.push(run);
  }
  return out;
}

/**
 * English function words that carry no retrieval intent. Question words (`how`, `many`, `which`,
 * `when`...) are deliberately absent: they name the operation class ("count", "date lookup").
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  ("a an the and or but if then else of to in on at by for with from into onto over under about " +
    "as than that this these those there here it its itself is are was were be been being am do " +
    "does did doing done has have had having i me my we our us you your he him his she her they " +
    "them their what's it's not no nor so such too very can could should would will shall may " +
    "might must also just only own same other some any each both all most more few up down out " +
    "off again further once s t").split(" "),
);

/** Tokens of `text` without stopwords, as a set. */
export function termSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text)) if (!STOPWORDS.has(t)) out.add(t);
  return out;
}

/** Jaccard similarity |a∩b| / |a∪b|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Share of the query's terms found in the document; 0 for an empty query. */
export function coverage(query: ReadonlySet<string>, doc: ReadonlySet<string>): number {
  if (query.size === 0) return 0;
  let hit = 0;
  for (const t of query) if (doc.has(t)) hit++;
  return hit / query.size;
}
