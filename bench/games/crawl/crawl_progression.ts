/**
 * Crawl has no BALROG table, so automem defines one (docs/games.md): progression is
 * `min(1, max(depthPart, xlPart) + runePart)` with
 * - depthPart = 0.5 × (D − 1) / 14, D the deepest main-Dungeon level reached (1..15),
 * - xlPart = 0.5 × (XL − 1) / 26, XL the highest experience level (1..27),
 * - runePart = 0.5 × min(runes, 3) / 3, runes picked up (three open the Realm of Zot),
 * so a fresh character scores 0, like BALROG's NetHack table, and the score never goes down.
 *
 * @module
 */

/** Tracks one Crawl episode's progression. */
export class CrawlProgress {
  #depth = 1;
  #xl = 1;
  #runes = 0;
  #places = new Set<string>();

  /** Records what the panel and the message show now. */
  update(depth: number | undefined, xl: number | undefined, place: string, message: string): void {
    if (depth !== undefined) this.#depth = Math.max(this.#depth, depth);
    if (xl !== undefined) this.#xl = Math.max(this.#xl, xl);
    if (place !== "") this.#places.add(place);
    this.#runes += runesIn(message);
  }

  /** Progression in [0, 1]. */
  get progression(): number {
    const depthPart = 0.5 * Math.min(1, (this.#depth - 1) / 14);
    const xlPart = 0.5 * Math.min(1, (this.#xl - 1) / 26);
    const runePart = 0.5 * Math.min(this.#runes, 3) / 3;
    return Math.min(1, Math.max(depthPart, xlPart) + runePart);
  }

  /** Deepest Dungeon level, highest XL, runes, and how many distinct places were visited. */
  get maxima(): { depth: number; xl: number; runes: number; places: number } {
    return { depth: this.#depth, xl: this.#xl, runes: this.#runes, places: this.#places.size };
  }
}

/** How many runes a message reports picked up (`You pick up the <colour> rune of Zot`). */
export function runesIn(message: string): number {
  return [...message.matchAll(/You pick up (?:the|an?) [\w ]*?rune of Zot/g)].length;
}
