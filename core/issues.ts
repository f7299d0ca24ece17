/**
 * Typed validation issues. Library code returns these; only the CLI formats them for people.
 *
 * @module
 */
import type { z } from "./zod.ts";

/** One problem found in user input: a machine code, the path to the field, and a message. */
export interface Issue {
  /** Machine-readable reason (e.g. `missing_field`, `invalid_unit`). */
  code: string;
  /** Path to the offending field, from the input's root. */
  path: (string | number)[];
  /** What is wrong, for people. */
  message: string;
}

/** Result of parsing user input: a typed value or every issue found. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Maps zod issues to automem issues; a `params.code` set by a refinement wins. */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[]): Issue[] {
  return issues.map((iss) => {
    const params = (iss as { params?: { code?: string } }).params;
    let code: string = iss.code;
    if (params?.code) code = params.code;
    else if (iss.code === "invalid_type" && (iss as { input?: unknown }).input === undefined) {
      code = "missing_field";
    } else if (iss.code === "invalid_type") code = "wrong_type";
    else if (iss.code === "unrecognized_keys") code = "unknown_field";
    return {
      code,
      path: iss.path.map((p) => typeof p === "symbol" ? String(p) : p),
      message: iss.message,
    };
  });
}
