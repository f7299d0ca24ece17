/**
 * The offline query abstraction: a deterministic stand-in for the planner model. It keeps the
 * words that describe the operation (verbs, question words, kinds of things asked for) and drops
 * what is specific to one task: quoted strings, URLs, file names, numbers and capitalised entity
 * names. The result is lower-case, stopword-free and deduplicated, so two tasks that ask for the
 * same operation about different entities abstract to similar text.
 *
 * @module
 */
import { STOPWORDS } from "./lexical.ts";

/** At most this many words are kept, so a long task does not drown the literal in the mean. */
export const ABSTRACT_MAX_WORDS = 32;

const QUOTED = [
  /"[^"\n]*"/g,
  /“[^”\n]*”/g,
  /‘[^’\n]*’/g,
  /`[^`\n]*`/g,
  /(^|[\s(\[])'[^'\n]*'(?=[\s)\].,;:!?]|$)/g,
];
const URL = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/gi;
const FILE_NAME = /\b[\w-]+\.(?:[a-z]{2,4}\d?)\b/gi;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'’-]*/gu;
const SENTENCE_END = /[.!?:;\n]\s*$/;

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

/** The offline abstraction of `literal` (see the module doc); "" when nothing generic is left. */
export function abstractQuery(literal: string): string {
  let text = literal.replace(URL, " ");
  for (const q of QUOTED) text = text.replace(q, "$1 ");
  text = text.replace(FILE_NAME, " ");
  const words = [...text.matchAll(WORD)].map((m) => ({ word: m[0], index: m.index ?? 0 }));
  const kept: string[] = [];
  words.forEach(({ word, index }, i) => {
    if (/\p{N}/u.test(word)) return;
    if (isCapitalised(word) || /\p{Lu}/u.test(word.slice(1))) {
      // A capital at a sentence start is grammar, not a name, unless the next word is a name too.
      const before = text.slice(0, index);
      const sentenceStart = before.trim() === "" || SENTENCE_END.test(before);
      const nextIsName = i + 1 < words.length && isCapitalised(words[i + 1].word);
      const restLower = word.slice(1) === word.slice(1).toLowerCase();
      if (!(sentenceStart && restLower && !nextIsName)) return;
    }
    const lower = word.toLowerCase().replace(/['’]s$/, "").replace(/['’-]+$/, "");
    if (lower.length < 2 || STOPWORDS.has(lower) || kept.includes(lower)) return;
    kept.push(lower);
  });
  return kept.slice(0, ABSTRACT_MAX_WORDS).join(" ");
}
