/**
 * Lesson phrasing for tool errors, shared by the offline tip and insight rules: the quoted error
 * (verbatim, literals abstracted), how a recovering call differed from the failed one, which
 * earlier step produced what a precondition asked for, and the fix an error class calls for.
 *
 * Quotes keep the observation's own words so a reader can pull the constraint back out ("needs
 * loaded records first", "set include_archived=true", "destination client_portal is not
 * accepted"); fixes name tools, flags and values rather than giving generic advice.
 *
 * @module
 */
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { ErrorInfo } from "./error_classes.ts";
import { clipWords, firstSentence, words } from "./text_rules.ts";

/** Longest quoted error, in words: long enough for an API message and its allowed values. */
export const QUOTE_WORDS = 24;

/** The first sentence of a step's observation, at most {@linkcode QUOTE_WORDS} words. */
export function errorQuote(step: Pick<TrajectoryStep, "observation">): string {
  return firstSentence(step.observation ?? "", QUOTE_WORDS);
}

/** How a recovering free-text argument (a query) differs from the failed one. */
export function describeChange(failed: string, fixed: string): string {
  if (fixed.includes("(") && !failed.includes("(")) return "with a type qualifier in parentheses";
  if (/["“”]/.test(failed) && !/["“”]/.test(fixed)) return "without quotation marks";
  if (failed.toLowerCase() === fixed.toLowerCase()) return "with different capitalisation";
  const a = words(failed).length, b = words(fixed).length;
  if (b < a) return "with a shorter query (the core name only)";
  if (b > a) return "with a more specific query (an added detail)";
  return "with a different argument (a related name)";
}

const show = (v: unknown) => typeof v === "string" ? v : JSON.stringify(v);

/**
 * How a recovering call's arguments differ from the failed call's, or undefined when they are
 * the same (the fix lay elsewhere, e.g. in what ran before). The single argument of a query
 * (`asQuery`: a lookup that found nothing, or an error of unknown class) is described as a query
 * change ({@linkcode describeChange}); otherwise each changed argument is named: `with
 * destination=mail_relay instead of client_portal`, `with include_archived=true`. "Different
 * capitalisation" only when letter case is the one difference.
 */
export function describeArgsChange(
  failed: Readonly<Record<string, unknown>> = {},
  fixed: Readonly<Record<string, unknown>> = {},
  asQuery = true,
): string | undefined {
  const keys = [...new Set([...Object.keys(fixed), ...Object.keys(failed)])];
  const changed = keys.filter((k) => show(failed[k]) !== show(fixed[k]));
  if (changed.length === 0) return undefined;
  const both = changed.every((k) => k in failed && k in fixed);
  if (
    both && changed.every((k) => show(failed[k]).toLowerCase() === show(fixed[k]).toLowerCase())
  ) {
    return "with different capitalisation";
  }
  const [only] = changed;
  if (
    asQuery && keys.length === 1 && typeof failed[only] === "string" &&
    typeof fixed[only] === "string"
  ) {
    return describeChange(failed[only] as string, fixed[only] as string);
  }
  return changed.map((k) =>
    !(k in fixed)
      ? `without ${k}`
      : !(k in failed)
      ? `with ${k}=${show(fixed[k])}`
      : `with ${k}=${show(fixed[k])} instead of ${show(failed[k])}`
  ).join(", ");
}

// Articles differ between a message and an echo ("needs a converted file" / "-> converted file").
const bare = (text: string) => text.toLowerCase().replace(/^(?:an?|the)\s+/, "").trim();

/**
 * The step that produced what a precondition asked for: among `candidates` (successful steps of
 * other tools), the first whose observation names the needed state, else — when `fallback` —
 * the last one (the step right before the retried call succeeded).
 */
export function producerOf(
  needs: string | undefined,
  candidates: readonly TrajectoryStep[],
  fallback: boolean,
): TrajectoryStep | undefined {
  const state = needs ? bare(needs) : "";
  const named = state.length >= 3
    ? candidates.find((s) => (s.observation ?? "").toLowerCase().includes(state))
    : undefined;
  return named ?? (fallback ? candidates[candidates.length - 1] : undefined);
}

/** The value the failed call passed for the argument its error names (else one it quotes). */
export function offendingValue(
  step: TrajectoryStep,
  info: ErrorInfo | undefined,
): string | undefined {
  const args = step.args ?? {};
  if (info?.arg && typeof args[info.arg] === "string") return args[info.arg] as string;
  const obs = step.observation ?? "";
  const quoted = Object.values(args).find((v) =>
    typeof v === "string" && v.length >= 2 && obs.includes(v)
  );
  return typeof quoted === "string" ? quoted : undefined;
}

/** What the fix of an error names, beyond its class. */
export interface FixContext {
  /** The tool that failed. */
  tool: string;
  /** The tool that produced what a precondition asked for, when the run shows it. */
  producer?: string;
  /** The value the failed call passed for the argument the error names. */
  value?: string;
}

/**
 * The fix an error calls for, as an imperative naming the tool order, flag or value ("Do
 * fetch_records before export_report", "Do set include_archived=true on fetch_records"), or
 * undefined for classes whose fix is a general strategy (not found, timeout, invalid action).
 */
export function fixFor(info: ErrorInfo, ctx: FixContext): string | undefined {
  const { tool } = ctx;
  const value = info.value ?? ctx.value;
  switch (info.kind) {
    case "precondition":
      if (ctx.producer) return `Do ${ctx.producer} before ${tool}`;
      return info.needs
        ? `Do the step that produces ${info.needs} before ${tool}`
        : `Do satisfy the precondition of ${tool} before calling it`;
    case "missing_option":
      return `Do set ${info.arg}=${info.value ?? "true"} on ${tool}`;
    case "rejected_value":
      return value
        ? `Do not pass ${
          info.arg ? `${info.arg} ` : ""
        }${value} to ${tool}; try another allowed value`
        : `Do try another allowed value for ${tool}`;
    case "wrong_entity":
      return `Do give ${tool} the ${info.arg ?? "entity"} the task names${
        value ? `, not ${value}` : ""
      }`;
    case "not_applicable":
      return `Do skip ${tool} when the request does not call for it`;
    case "duplicate":
      return `Do not repeat ${tool} once it has succeeded; go on with the next step`;
    case "missing_argument":
      return `Do pass the required ${info.arg ? `${info.arg} argument` : "arguments"} to ${tool}`;
    case "malformed":
      return `Do pass ${info.arg ?? "each argument"} to ${tool} in the expected form${
        value ? `, not ${value}` : ""
      }`;
    default:
      return undefined;
  }
}

/** `fix: tool failed with "quote".` — the corrective strategy of an insight. */
export function quotedFix(fix: string, tool: string, quote: string): string {
  return clipWords(`${fix}: ${tool} failed with "${quote}".`, 50);
}
