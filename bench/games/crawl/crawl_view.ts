/**
 * Where Crawl's map view sits on the level. Crawl keeps the player at the centre of its map view,
 * so screen coordinates move with every step and cannot name a place. The view's shift between
 * two screens is found by matching the previous map against the new one; summed up it gives the
 * view's origin in level coordinates (level = screen + origin), reset on a new level (to {@linkcode VIEW_BASE}), so that a
 * place remembered by its coordinates is the same place later.
 *
 * @module
 */

/**
 * The origin given to the first view of a level: Crawl levels are 80×70 cells, so level
 * coordinates stay positive however far the player walks (memory keys hold no minus sign).
 */
export const VIEW_BASE = 100;

/** How far the view may move between two screens (a step, a short run). */
export const MAX_VIEW_SHIFT = 10;

/** Glyphs that move by themselves (the player, monsters) and say nothing about the view. */
function fixed(ch: string | undefined): boolean {
  return ch !== undefined && ch !== " " && !/[A-Za-z@&]/.test(ch);
}

/**
 * The view's move `d` between two map screens: `now[y][x] = prev[y + dy][x + dx]` for the level's
 * fixed cells. The best match wins, ties to the smaller move; `[0, 0]` when nothing matches.
 */
export function viewShift(
  prev: readonly string[],
  now: readonly string[],
  radius = MAX_VIEW_SHIFT,
): [number, number] {
  let best: [number, number] = [0, 0];
  let bestScore = 0;
  let bestSize = 0;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      let score = 0;
      for (let y = 0; y < now.length; y++) {
        const row = now[y], old = prev[y + dy];
        if (old === undefined) continue;
        for (let x = 0; x < row.length; x++) {
          const a = row[x], b = old[x + dx];
          if (!fixed(a) || !fixed(b)) continue;
          score += a === b ? 1 : -1;
        }
      }
      const size = Math.abs(dx) + Math.abs(dy);
      if (score > bestScore || (score === bestScore && score > 0 && size < bestSize)) {
        [best, bestScore, bestSize] = [[dx, dy], score, size];
      }
    }
  }
  return best;
}

/** Tracks the view origin over one episode. */
export class ViewTracker {
  #prev: readonly string[] | undefined;
  #place = "";
  #x = VIEW_BASE;
  #y = VIEW_BASE;

  /** Updates the origin from a new map screen on `place`; returns it. */
  update(map: readonly string[], place: string): { x: number; y: number } {
    if (place !== "" && place !== this.#place) {
      [this.#place, this.#x, this.#y, this.#prev] = [place, VIEW_BASE, VIEW_BASE, undefined];
    }
    if (this.#prev) {
      const [dx, dy] = viewShift(this.#prev, map);
      this.#x += dx;
      this.#y += dy;
    }
    this.#prev = map;
    return { x: this.#x, y: this.#y };
  }
}
