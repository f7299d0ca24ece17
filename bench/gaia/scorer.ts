/**
 * GAIA's normalised scorer, written from the benchmark's published scoring rules:
 * - a gold answer that is a number is compared as a number: the prediction loses `$`, `%` and
 *   `,` characters and must parse to the same float;
 * - a gold answer containing `,` or `;` is a list: both sides are split on those separators, the
 *   lists must have the same length, and each element is compared as a number (when the gold
 *   element is numeric) or as a string with white space removed and case folded (punctuation
 *   kept, since list items such as codes can differ only by it);
 * - any other gold answer is a string: both sides lose all white space and punctuation and are
 *   compared case-insensitively.
 *
 * A prediction that does not parse as a number never equals a numeric gold answer.
 *
 * @module
 */

function toNumber(text: string): number {
  const cleaned = text.replace(/[$%,]/g, "").trim();
  if (cleaned === "") return Number.NaN;
  return Number(cleaned);
}

/** Is `text` a number as GAIA's gold answers write them (`12`, `-3.5`, `1e3`)? */
export function isGaiaNumber(text: string): boolean {
  const t = text.trim();
  return t !== "" && Number.isFinite(Number(t));
}

/** Removes every white-space character, optionally punctuation too, and folds case. */
export function gaiaNormalizeString(text: string, removePunctuation = true): string {
  let s = text.replace(/\s+/g, "");
  if (removePunctuation) s = s.replace(/[\p{P}\p{S}]/gu, "");
  return s.toLowerCase();
}

function splitList(text: string): string[] {
  return text.split(/[,;]/).map((s) => s.trim());
}

function numberEquals(predicted: string, gold: string): boolean {
  const p = toNumber(predicted);
  return Number.isFinite(p) && p === Number(gold.trim());
}

/** True when `predicted` scores as correct against `gold` under GAIA's rules. */
export function gaiaScore(predicted: string | null | undefined, gold: string): boolean {
  const answer = predicted ?? "";
  if (isGaiaNumber(gold)) return numberEquals(answer, gold);
  if (/[,;]/.test(gold)) {
    const golds = splitList(gold);
    const preds = splitList(answer);
    if (golds.length !== preds.length) return false;
    return golds.every((g, i) =>
      isGaiaNumber(g)
        ? numberEquals(preds[i], g)
        : gaiaNormalizeString(preds[i], false) === gaiaNormalizeString(g, false)
    );
  }
  return gaiaNormalizeString(answer) === gaiaNormalizeString(gold);
}
