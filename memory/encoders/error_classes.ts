/**
 * Error classes of tool observations, recognised by the common phrasings APIs and environments
 * use (never by one benchmark's tool names), with the details a lesson needs: the state a
 * precondition names, the argument and value a rejection names, the flag a message asks for.
 *
 * Classes and the failure label each maps to (the closest of the 12 by meaning):
 *
 * | class | typical phrasing | label |
 * |---|---|---|
 * | `timeout` | "timed out", "deadline exceeded" | `timeout` |
 * | `precondition` | "precondition failed", "needs X first", "requires X before" | `tool_misuse` (the call came before what it depends on) |
 * | `not_applicable` | "not applicable", "not needed for", "does not apply" | `scope_error` (the call is outside what the request covers) |
 * | `duplicate` | "already done", "already exists", "duplicate request" | `tool_misuse` (a finished action repeated) |
 * | `wrong_entity` | "X is not part of this request", "belongs to another" | `wrong_entity` |
 * | `missing_option` | "set F=true", "flag F is required" | `scope_error` (the request demands more than the call covered) |
 * | `missing_argument` | "missing required argument 'A'", "parameter A is required" | `tool_misuse` (the call does not fit the tool) |
 * | `malformed` | "'V' is not a valid … name", "malformed", "invalid format" | `format_error` |
 * | `rejected_value` | "A V is not accepted", "'V' must be one of", "invalid value" | `wrong_value` |
 * | `invalid_action` | "no such tool", "unknown command", "invalid action" | `tool_misuse` |
 * | `not_found` | "could not find", "not found", "no results" | `incomplete_search` |
 *
 * The first class whose phrasing occurs wins, in the table's order: a message such as "not
 * applicable: the file is already in its delivery format" is `not_applicable`, not a duplicate
 * nor a format error.
 *
 * @module
 */
import type { FailurePattern } from "../unit_content.ts";

/** The error classes, in matching order. */
export const ERROR_KINDS = [
  "timeout",
  "precondition",
  "not_applicable",
  "duplicate",
  "wrong_entity",
  "missing_option",
  "missing_argument",
  "malformed",
  "rejected_value",
  "invalid_action",
  "not_found",
] as const;

/** One error class. */
export type ErrorKind = typeof ERROR_KINDS[number];

/** What an error message says, as far as its phrasing shows. */
export interface ErrorInfo {
  kind: ErrorKind;
  /** The state or input that must exist first (`precondition`): "loaded records". */
  needs?: string;
  /** The argument, flag or option the message names. */
  arg?: string;
  /** The value the message rejects, or the value a missing option must take. */
  value?: string;
}

/** The failure label of each error class (see the module table). */
export const ERROR_LABEL: Readonly<Record<ErrorKind, FailurePattern>> = {
  timeout: "timeout",
  precondition: "tool_misuse",
  not_applicable: "scope_error",
  duplicate: "tool_misuse",
  wrong_entity: "wrong_entity",
  missing_option: "scope_error",
  missing_argument: "tool_misuse",
  malformed: "format_error",
  rejected_value: "wrong_value",
  invalid_action: "tool_misuse",
  not_found: "incomplete_search",
};

type Reader = (text: string) => Omit<ErrorInfo, "kind"> | undefined;

/** A reader that only recognises the class (no details). */
const phrase = (re: RegExp): Reader => (text) => re.test(text) ? {} : undefined;

/** `<arg> '<value>' <verb…>`, the usual shape of a rejection naming the offending value. */
function namedValue(verbs: string): RegExp {
  return new RegExp(`\\b([\\w.-]+) ['"]?([^\\s'"]+?)['"]? (?:${verbs})\\b`, "i");
}

// "needs to" / "requires that" are intentions, not states: "I need to search X first".
const NEEDS_RE =
  /\b(?:needs?|requires?)\s+(?!to\b|that\b)([^.;:,()]{2,60}?)\s+(?:first|beforehand|before)\b/i;
const PRECONDITION_RE = /\bprecondition\b|\bmust (?:first|be preceded by)\b|\bonly after\b/i;
const REJECTED = "is not accepted|is not allowed|is not permitted|is not supported|is invalid|" +
  "must be one of";
const MALFORMED =
  /\bmalformed\b|\binvalid (?:format|syntax)\b|\b(?:wrong|bad|badly) format(?:ted)?\b|\bnot in the (?:expected|required|correct|right) format\b|\bformat (?:error|violation|mismatch)\b/i;

const READERS: Readonly<Record<ErrorKind, Reader>> = {
  timeout: phrase(/\b(?:timed? ?out|time ?limit (?:exceeded|reached)|deadline exceeded)\b/i),
  precondition: (text) => {
    const needs = text.match(NEEDS_RE)?.[1]?.trim();
    if (needs) return { needs };
    if (!PRECONDITION_RE.test(text)) return undefined;
    const after = text.match(/\bprecondition[^:]*:\s*(?:needs?|requires?)\s+([^.;,()]{2,60})/i);
    return after ? { needs: after[1].trim() } : {};
  },
  not_applicable: phrase(
    /\bnot applicable\b|\bdoes not apply\b|\bnot (?:needed|required|relevant) (?:for|here|in)\b/i,
  ),
  duplicate: phrase(
    /\balready (?:done|completed|performed|applied|processed|submitted|exists|been (?:done|completed|applied|processed))\b|\bduplicate (?:call|request|action|submission|entry)\b/i,
  ),
  wrong_entity: (text) => {
    const m = text.match(namedValue("is not part of this|does not belong to this"));
    if (m) return { arg: m[1], value: m[2] };
    return /\bnot part of this\b|\bbelongs to (?:another|a different)\b/i.test(text)
      ? {}
      : undefined;
  },
  missing_option: (text) => {
    const set = text.match(/\bset ([\w.-]+)\s*=\s*([\w.-]+)/i);
    if (set) return { arg: set[1], value: set[2] };
    const named = text.match(
      /\b(?:flag|option|setting) ['"]?([\w.-]+)['"]? (?:is )?(?:required|missing|must be (?:set|enabled|true))\b/i,
    );
    return named ? { arg: named[1], value: "true" } : undefined;
  },
  missing_argument: (text) => {
    const m = text.match(
      /\bmissing (?:required )?(?:argument|parameter|field|input)s? ['"]?([\w.-]+)['"]?/i,
    ) ??
      text.match(/\b(?:argument|parameter|field) ['"]?([\w.-]+)['"]? is (?:required|missing)\b/i);
    return m ? { arg: m[1] } : undefined;
  },
  malformed: (text) => {
    const m = text.match(
      namedValue("is not a valid (?:[\\w-]+ )?(?:name|id|identifier|format|date|number)"),
    );
    if (m) return { arg: m[1], value: m[2] };
    return MALFORMED.test(text) ? {} : undefined;
  },
  rejected_value: (text) => {
    const m = text.match(namedValue(REJECTED));
    if (m) return { arg: m[1], value: m[2] };
    return /\bnot accepted\b|\bmust be one of\b|\b(?:invalid|unsupported|disallowed) value\b/i
        .test(text)
      ? {}
      : undefined;
  },
  invalid_action: phrase(
    /\b(?:no such|unknown) (?:tool|action|command|function|method)\b|\binvalid action\b|\bnot a valid action\b/i,
  ),
  not_found: phrase(
    /\b(?:could not find|not found|no results?|no matches|does not exist|did not find|didn't find)\b/i,
  ),
};

/** The class of an error message and its details, or undefined when no phrasing matches. */
export function classifyError(text: string): ErrorInfo | undefined {
  for (const kind of ERROR_KINDS) {
    const details = READERS[kind](text);
    if (details) return { kind, ...details };
  }
  return undefined;
}
