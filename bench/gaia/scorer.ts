/**
 * GAIA's official scorer (the leaderboard's `question_scorer`), rule for rule:
 * - a gold answer that Python's `float()` accepts is a number: the prediction loses every `$`,
 *   `%` and `,` and must then parse with `float()` to the same value (a prediction that does not
 *   parse counts as infinity, exactly as the official code does);
 * - otherwise a gold answer containing `,` or `;` is a list: both sides are split on those
 *   characters, the lists must have the same length, and each element is compared as a number
 *   (when the gold element parses) or as text with white space removed and case folded;
 * - any other gold answer is text: both sides lose all white space and the ASCII punctuation of
 *   Python's `string.punctuation` (nothing else: `。` or `–` stay) and are compared in lower case.
 *
 * Number parsing follows Python's `float()`, not JavaScript's `Number()`: surrounding white space,
 * a sign, `_` between digits, any Unicode decimal digits (`１２`), `inf`/`infinity`/`nan` in any
 * case; never hexadecimal, never the empty string.
 *
 * @module
 */

/** Python's `str.isspace()` characters (what `re`'s `\s` matches on text). */
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029" +
  "\\u202f\\u205f\\u3000]";
const SPACE_RUN = new RegExp(`${PY_SPACE}`, "g");
const EDGE_SPACE = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");

/** Python's `string.punctuation`. */
const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

const DIGITS = "\\d(?:_?\\d)*";
const DECIMAL = new RegExp(
  `^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`,
);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** The ASCII digit of a Unicode decimal digit (each digit set is a contiguous run from 0). */
function asciiDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  let start = cp;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  // A run longer than ten (the mathematical digits) is several sets back to back.
  return String((cp - start) % 10);
}

/** Python's `float(text)`, or undefined where Python raises `ValueError`. */
export function pythonFloat(text: string): number | undefined {
  const ascii = text.replace(/\p{Nd}/gu, (d) => (/[0-9]/.test(d) ? d : asciiDigit(d)))
    .replace(EDGE_SPACE, "");
  const special = SPECIAL.exec(ascii);
  if (special) {
    if (special[2].toLowerCase() === "nan") return Number.NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  if (!DECIMAL.test(ascii)) return undefined;
  return Number(ascii.replace(/_/g, ""));
}

/** Is `text` a number for GAIA's scorer (Python's `float()` accepts it)? */
export function isGaiaNumber(text: string): boolean {
  return pythonFloat(text) !== undefined;
}

/** The official `normalize_number_str`: `$ % ,` removed, then `float()`, else infinity. */
export function gaiaNormalizeNumber(text: string): number {
  return pythonFloat(text.replace(/[$%,]/g, "")) ?? Infinity;
}

/** The official `normalize_str`: white space removed, lower case, ASCII punctuation removed. */
export function gaiaNormalizeString(text: string, removePunctuation = true): string {
  const s = text.replace(SPACE_RUN, "").toLowerCase();
  return removePunctuation ? s.replace(ASCII_PUNCTUATION, "") : s;
}

/** The official `split_string`: split on every `,` and `;` (elements are not trimmed). */
export function gaiaSplit(text: string): string[] {
  return text.split(/[,;]/);
}

/** True when `predicted` scores as correct against `gold` under GAIA's official rules. */
export function gaiaScore(predicted: string | null | undefined, gold: string): boolean {
  // The official scorer turns a missing answer into the text "None".
  const answer = predicted ?? "None";
  const goldNumber = pythonFloat(gold);
  if (goldNumber !== undefined) return gaiaNormalizeNumber(answer) === goldNumber;
  if (/[,;]/.test(gold)) {
    const golds = gaiaSplit(gold);
    const preds = gaiaSplit(answer);
    if (golds.length !== preds.length) return false;
    return golds.every((g, i) => {
      const n = pythonFloat(g);
      return n !== undefined
        ? gaiaNormalizeNumber(preds[i]) === n
        : gaiaNormalizeString(preds[i], false) === gaiaNormalizeString(g, false);
    });
  }
  return gaiaNormalizeString(answer) === gaiaNormalizeString(gold);
}
