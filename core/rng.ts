/**
 * Seeded randomness for the {@linkcode Rng} port: sfc32 seeded from a 128-bit string hash, with
 * label-based forking so adding a draw in one component never shifts another component's stream.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { Rng } from "./ports.ts";

/** cyrb128: spreads a string over four 32-bit words, enough state to seed sfc32 well. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

class Sfc32 implements Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
    [this.#a, this.#b, this.#c, this.#d] = hash128(path);
    // The first outputs of sfc32 still correlate with the seed words; discard them.
    for (let i = 0; i < 15; i++) this.#nextUint32();
  }

  #nextUint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.#nextUint32() / 4294967296;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 4294967296) {
      throw new AutomemError("invalid_argument", `Rng.int needs an integer in [1, 2^32], got ${n}`);
    }
    return Math.floor(this.next() * n);
  }

  fork(label: string): Rng {
    // The child depends on the seed path only, never on how many draws the parent has made.
    return new Sfc32(`${this.#path}\u0000${label}`);
  }
}

/** A seeded generator; numbers and strings seed alike (`1` and `"1"` give the same stream). */
export function createRng(seed: number | string): Rng {
  if (typeof seed === "number" && !Number.isFinite(seed)) {
    throw new AutomemError("invalid_argument", `seed must be finite, got ${seed}`);
  }
  return new Sfc32(String(seed));
}

/** A shuffled copy of `items` (Fisher–Yates); the input is left untouched. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `k` distinct elements of `items` in random order (all of them when `k` exceeds the length). */
export function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
  if (!Number.isInteger(k) || k < 0) {
    throw new AutomemError("invalid_argument", `sample size must be a natural, got ${k}`);
  }
  const out = items.slice();
  const take = Math.min(k, out.length);
  // A partial Fisher–Yates: only the first `take` positions need to be settled.
  for (let i = 0; i < take; i++) {
    const j = i + rng.int(out.length - i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, take);
}
