/**
 * Literal abstraction for workflows, shortcuts, tips and insights: task-specific values become
 * typed placeholders so a unit transfers to similar tasks and does not leak the source task.
 *
 * Rules, applied in this order (registered literals longest first):
 * 1. Task literals → `<TARGET_ENTITY_i>`, numbered by first appearance in the task text:
 *    double-quoted strings; runs of capitalised words (leading question/function words such as
 *    "Which", "The" dropped; `of`/`and`/`the`/`de`/`&` allowed inside a run); and lower-case task
 *    words that the trajectory uses as enumerated instances (`spraybottle 2`). Each capitalised
 *    word of a multi-word name maps to the same placeholder, so `Craig` alone is caught too (words
 *    only when capitalised; whole literals case-insensitively). An
 *    instance number (1–2 digits) after a literal is absorbed (`spraybottle 2` → `<TARGET_ENTITY_1>`).
 * 2. Capitalised names in tool arguments that are not in the task → `<RELATED_ENTITY_j>`,
 *    numbered by first appearance in the trajectory (the bridge entities a run discovers).
 * 3. Dates (`July 29, 1980`, `8 May 2023`, years 1000–2099) → `<DATE>`.
 * 4. Remaining capitalised names (not sentence-initial) → `<ENTITY>`.
 * 5. Instance numbers after a word (`cabinet 2`) → `<N>`; other numbers → `<VALUE>`.
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";
import { escapeRegExp, STOPWORDS } from "./text_rules.ts";

/** One registered literal. */
export interface Placeholder {
  /** Placeholder name without brackets, e.g. `TARGET_ENTITY_1`. */
  name: string;
  /** The literal as first seen. */
  value: string;
  origin: "task" | "trajectory";
}

/** Abstracts text for one task and trajectory. */
export interface Abstractor {
  /** Replaces literals with placeholders. */
  abstract(text: string): string;
  /** Registered literals, task literals first. */
  readonly placeholders: readonly Placeholder[];
  /** The abstracted task text: the task's signature. */
  readonly signature: string;
}

const LEADING = new Set([
  ...STOPWORDS,
  "what",
  "which",
  "who",
  "where",
  "when",
  "how",
  "why",
  "whose",
  "name",
  "find",
  "first",
  "now",
  "next",
  "then",
  "according",
]);
// "and" is no connector: "Jonny Craig and Pete Doherty" are two names.
const CONNECTORS = new Set(["of", "the", "de", "la", "del", "von", "van", "&", "for"]);
const MONTHS =
  "January|February|March|April|May|June|July|August|September|October|November|December";
const DATE_RE = new RegExp(
  `\\b(?:(?:${MONTHS})\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+(?:${MONTHS}),?\\s+\\d{4}|(?:${MONTHS})\\s+\\d{4}|1\\d{3}|20\\d{2})\\b`,
  "g",
);
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&]*/gu;
const isCap = (w: string) => /^\p{Lu}/u.test(w);
/** Environment verdicts written in capitals; they are status words, not names. */
const STATUS = new Set([
  "CORRECT",
  "INCORRECT",
  "OK",
  "ERROR",
  "FAIL",
  "FAILED",
  "INVALID",
  "TRUE",
  "FALSE",
  "NONE",
]);
const SLOT = /(<[A-Z][A-Z0-9_]*>)/;

/** Runs of capitalised words in `text` (see module rule 1), as written (hyphens kept). */
export function capitalisedNames(text: string): string[] {
  const tokens = [...text.matchAll(WORD)].map((m) => ({ t: m[0], at: m.index }));
  const names: string[] = [];
  let run: typeof tokens = [];
  const close = () => {
    while (run.length > 0 && CONNECTORS.has(run[run.length - 1].t.toLowerCase())) run.pop();
    while (run.length > 0 && LEADING.has(run[0].t.toLowerCase())) run.shift();
    if (run.length > 0 && !(run.length === 1 && run[0].t.length < 2)) {
      const last = run[run.length - 1];
      names.push(text.slice(run[0].at, last.at + last.t.length));
    }
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const { t } = tokens[i];
    const gap = i > 0 ? text.slice(tokens[i - 1].at + tokens[i - 1].t.length, tokens[i].at) : "";
    // A run continues over spaces and hyphens only; other punctuation ends it.
    if (run.length > 0 && !/^[\s-]+$/.test(gap)) close();
    if (isCap(t) && t !== "I" && !STATUS.has(t)) run.push(tokens[i]);
    else if (run.length > 0 && CONNECTORS.has(t.toLowerCase()) && isCap(tokens[i + 1]?.t ?? "")) {
      run.push(tokens[i]);
    } else close();
  }
  close();
  return names;
}

/** Replaces `re` matches in the parts of `text` that are not already placeholders. */
function outsideSlots(text: string, re: RegExp, replace: (m: string) => string): string {
  return text.split(SLOT).map((part) => SLOT.test(part) ? part : part.replace(re, replace)).join(
    "",
  );
}

/** Builds the abstractor of one task and its trajectory. */
export function createAbstractor(taskText: string, steps: readonly TrajectoryStep[]): Abstractor {
  const placeholders: Placeholder[] = [];
  const aliases = new Map<string, string>(); // lower-cased literal → placeholder name
  const register = (value: string, origin: Placeholder["origin"], prefix: string) => {
    const key = value.toLowerCase();
    if (aliases.has(key)) return aliases.get(key)!;
    const count = placeholders.filter((p) => p.name.startsWith(prefix)).length;
    const name = `${prefix}_${count + 1}`;
    placeholders.push({ name, value, origin });
    aliases.set(key, name);
    return name;
  };
  // Single words of multi-word names, matched only when capitalised ("Craig", not "craig").
  const parts = new Map<string, string>();
  const addParts = (value: string, name: string) => {
    for (const part of value.split(/[\s-]+/)) {
      const k = part.toLowerCase();
      if (isCap(part) && part.length >= 3 && !LEADING.has(k) && !CONNECTORS.has(k)) {
        if (!parts.has(part)) parts.set(part, name);
      }
    }
  };

  const argText = steps.flatMap((s) =>
    Object.values(s.args ?? {}).filter((v): v is string => typeof v === "string")
  );
  const allText = [...argText, ...steps.map((s) => `${s.text ?? ""} ${s.observation ?? ""}`)].join(
    "\n",
  );
  // Task literals, in order of appearance in the task text.
  const found: [number, string][] = [];
  for (const m of taskText.matchAll(/"([^"]{2,})"|“([^”]{2,})”/g)) {
    found.push([m.index, (m[1] ?? m[2]).trim()]);
  }
  const noQuotes = taskText.replace(/"[^"]*"|“[^”]*”/g, (q) => " ".repeat(q.length));
  for (const name of capitalisedNames(noQuotes)) found.push([noQuotes.indexOf(name), name]);
  for (const m of taskText.matchAll(/\b[a-z][a-z]{2,}\b/g)) {
    if (STOPWORDS.has(m[0])) continue;
    if (new RegExp(`\\b${m[0]} \\d+\\b`).test(allText)) found.push([m.index, m[0]]);
  }
  found.sort((a, b) => a[0] - b[0]);
  for (const [, value] of found) addParts(value, register(value, "task", "TARGET_ENTITY"));
  // Bridge entities named in tool arguments.
  for (const arg of argText) {
    for (const name of capitalisedNames(arg.replace(DATE_RE, " "))) {
      if (!aliases.has(name.toLowerCase())) {
        addParts(name, register(name, "trajectory", "RELATED_ENTITY"));
      }
    }
  }

  const alternation = (keys: Iterable<string>, flags: string) => {
    const sorted = [...keys].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    if (sorted.length === 0) return undefined;
    return new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${
        sorted.map(escapeRegExp).join("|")
      })(?:\\s+\\d{1,2})?(?![\\p{L}\\p{N}])`,
      flags,
    );
  };
  const fullRe = alternation(aliases.keys(), "giu");
  const partRe = alternation([...parts.keys()].filter((p) => !aliases.has(p.toLowerCase())), "gu");
  const strip = (m: string) => m.replace(/\s+\d{1,2}$/, "");

  const abstract = (text: string): string => {
    let out = text;
    if (fullRe) {
      out = outsideSlots(
        out,
        fullRe,
        (m) => `<${aliases.get(strip(m).toLowerCase()) ?? "ENTITY"}>`,
      );
    }
    if (partRe) out = outsideSlots(out, partRe, (m) => `<${parts.get(strip(m)) ?? "ENTITY"}>`);
    out = outsideSlots(out, DATE_RE, () => "<DATE>");
    out = outsideSlots(
      out,
      /(?<=[^\s.!?:;]\s+|[(\["'])(\p{Lu}[\p{L}\p{N}'’&]*(?:\s+(?:of|the|de|&)?\s*\p{Lu}[\p{L}\p{N}'’&]*)*)/gu,
      (m) => (m === "I" || STATUS.has(m) ? m : "<ENTITY>"),
    );
    // "cabinet 2" is an instance; "with 25" or "25,000" is a value.
    out = outsideSlots(out, /(\p{L}+)(\s)(\d{1,2})(?![\p{N}]|[.,]\p{N})/gu, (m) => {
      const [word, gap] = [m.replace(/\s\d+$/, ""), m.match(/\s/)![0]];
      return `${word}${gap}${STOPWORDS.has(word.toLowerCase()) ? "<VALUE>" : "<N>"}`;
    });
    out = outsideSlots(out, /\b\d+(?:[.,]\d+)*\b/g, () => "<VALUE>");
    return out;
  };

  return { abstract, placeholders, signature: abstract(taskText) };
}
