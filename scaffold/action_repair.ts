/**
 * Action repair: a committed action is matched to the game's vocabulary; a combined command such
 * as `eat d` or `open east` is cut to its first word (in NetHack these are multi-step prompts);
 * anything else falls back to the scaffold's fallback action (or the game's default when the
 * fallback is not in the vocabulary).
 *
 * @module
 */

/** The outcome of repairing one action. */
export interface RepairedAction {
  action: string;
  repaired: boolean;
  fallback: boolean;
}

/** Matches `raw` to `actions`, repairing or falling back. */
export function repairAction(
  raw: string | undefined,
  actions: readonly string[],
  fallbackAction: string,
  defaultAction: string,
): RepairedAction {
  const fallback = actions.includes(fallbackAction) ? fallbackAction : defaultAction;
  if (raw === undefined) return { action: fallback, repaired: false, fallback: true };
  const norm = raw.trim().replace(/^["'`]|["'`.]$/g, "").replace(/\s+/g, " ");
  const exact = actions.find((a) => a === norm) ??
    actions.find((a) => a.toLowerCase() === norm.toLowerCase());
  if (exact !== undefined) return { action: exact, repaired: false, fallback: false };
  const first = norm.split(" ")[0].toLowerCase();
  const cut = actions.find((a) => a.toLowerCase() === first);
  if (cut !== undefined) return { action: cut, repaired: true, fallback: false };
  return { action: fallback, repaired: false, fallback: true };
}
