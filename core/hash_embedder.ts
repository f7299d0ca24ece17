/**
 * The offline default embedder: signed feature hashing of word unigrams, word bigrams and
 * character 3-grams. Needs no download and gives the same vectors on every machine, so offline
 * runs and their artifacts are reproducible.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { type Embedder, ModelError } from "./ports.ts";
import { l2Normalize } from "./vectors.ts";

// Character n-grams outnumber words (about one per letter), so they get less weight: they add
// robustness to inflection and typos without drowning out which words occur.
const WEIGHT_WORD = 1;
const WEIGHT_BIGRAM = 0.5;
const WEIGHT_CHAR = 0.25;

const CJK = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";
// One CJK character is one word (these scripts do not separate words with spaces); otherwise a
// word is a run of letters, digits and combining marks.
const TOKEN = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, "gu");

/** FNV-1a (32-bit) over the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  const feed = (byte: number) => {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) feed(cp);
    else if (cp < 0x800) {
      feed(0xc0 | (cp >> 6));
      feed(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      feed(0xe0 | (cp >> 12));
      feed(0x80 | ((cp >> 6) & 0x3f));
      feed(0x80 | (cp & 0x3f));
    } else {
      feed(0xf0 | (cp >> 18));
      feed(0x80 | ((cp >> 12) & 0x3f));
      feed(0x80 | ((cp >> 6) & 0x3f));
      feed(0x80 | (cp & 0x3f));
    }
  }
  return hash >>> 0;
}

/** Lower-cased words of `text`; each CJK character is a word of its own. */
export function hashTokens(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(TOKEN) ?? [];
}

function featureCounts(words: string[]): Map<string, { count: number; weight: number }> {
  const counts = new Map<string, { count: number; weight: number }>();
  const add = (feature: string, weight: number) => {
    const slot = counts.get(feature);
    if (slot) slot.count++;
    else counts.set(feature, { count: 1, weight });
  };
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]}`, WEIGHT_WORD);
    if (i > 0) add(`b:${words[i - 1]} ${words[i]}`, WEIGHT_BIGRAM);
    const chars = [..."<" + words[i] + ">"];
    for (let j = 0; j + 3 <= chars.length; j++) {
      add(`c:${chars.slice(j, j + 3).join("")}`, WEIGHT_CHAR);
    }
  }
  return counts;
}

/** Deterministic hashing embedder; its id is `hash-<dim>`. Empty text embeds as the zero vector. */
export class HashEmbedder implements Embedder {
  /** `hash-<dim>`. */
  readonly id: string;
  /** Vector length. */
  readonly dim: number;

  /** Builds an embedder of dimension `dim` (default 384). */
  constructor(dim = 384) {
    if (!Number.isInteger(dim) || dim < 1) {
      throw new AutomemError("invalid_argument", `dim must be a positive integer`);
    }
    this.dim = dim;
    this.id = `hash-${dim}`;
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const vector = new Float64Array(this.dim);
    for (const [feature, { count, weight }] of featureCounts(hashTokens(text))) {
      const hash = fnv1a32(feature);
      // Index from the low 31 bits, sign from the top bit, so the two are independent.
      const index = (hash & 0x7fffffff) % this.dim;
      const sign = hash >>> 31 ? -1 : 1;
      vector[index] += sign * weight * (1 + Math.log(count));
    }
    return l2Normalize(vector);
  }

  /** Embeds a batch, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (signal?.aborted) return Promise.reject(new ModelError("aborted", "embedding was aborted"));
    return Promise.resolve(texts.map((t) => this.embedOne(t)));
  }
}
