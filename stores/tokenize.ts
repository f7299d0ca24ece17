/**
 * The keyword tokenizer shared by the BM25 index and the Orama full-text index, so `json` and
 * `hybrid` stores agree on what a term is: Latin words `[a-z0-9_]+` (lower-cased, accents
 * stripped) minus a small stop list, and for CJK text every character plus every bigram of
 * adjacent characters (these scripts do not separate words with spaces).
 *
 * @module
 */

/** Function words that carry no topical signal in memory units. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "but",
  "by",
  "can",
  "do",
  "does",
  "for",
  "from",
  "has",
  "have",
  "if",
  "in",
  "into",
  "is",
  "it",
  "its",
  "not",
  "of",
  "on",
  "or",
  "so",
  "such",
  "that",
  "the",
  "their",
  "then",
  "there",
  "these",
  "they",
  "this",
  "to",
  "was",
  "were",
  "will",
  "with",
]);

const CJK_RANGE = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff";
const TOKEN = new RegExp(`[a-z0-9_]+|[${CJK_RANGE}]+`, "g");
const LATIN = /^[a-z0-9_]/;
const COMBINING = /[\u0300-\u036f]/g;

/** Lower-cases and strips Latin diacritics while keeping Hangul syllables composed. */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(COMBINING, "").normalize("NFC").toLowerCase();
}

/** Terms of `text` in order of occurrence, duplicates kept (term frequency matters to BM25). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of normalizeText(text).matchAll(TOKEN)) {
    const run = match[0];
    if (LATIN.test(run)) {
      if (!STOP_WORDS.has(run)) out.push(run);
      continue;
    }
    const chars = [...run];
    for (let i = 0; i < chars.length; i++) {
      out.push(chars[i]);
      if (i + 1 < chars.length) out.push(chars[i] + chars[i + 1]);
    }
  }
  return out;
}
