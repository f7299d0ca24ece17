/**
 * Typed readers for `plan.params`. Values come from the compiled plan; when a key is absent the
 * compiler's {@linkcode RETRIEVER_DEFAULTS} entry is used, so no number is declared twice.
 *
 * @module
 */
import { type RetrievePlan, RETRIEVER_DEFAULTS } from "../core/compiler.ts";
import type { RetrieverKind } from "../core/space.ts";
import { RetrieverConfigError } from "./errors.ts";

type ParamValue = number | string | readonly string[];

/** Bounds a numeric parameter must respect. */
export interface NumberBounds {
  min?: number;
  max?: number;
  /** Lower bound is exclusive. */
  minExclusive?: boolean;
  integer?: boolean;
}

function raw(plan: RetrievePlan, name: string): ParamValue {
  const own = plan.params[name];
  if (own !== undefined) return own;
  const defaults = RETRIEVER_DEFAULTS[plan.kind as RetrieverKind] as
    | Readonly<Record<string, ParamValue>>
    | undefined;
  const fallback = defaults?.[name];
  if (fallback === undefined) {
    throw new RetrieverConfigError(
      "missing_param",
      `params.${name}`,
      `the ${plan.kind} retriever needs this parameter and it has no default`,
    );
  }
  return fallback;
}

/** Reads a finite number parameter and checks its bounds. */
export function numberParam(plan: RetrievePlan, name: string, bounds: NumberBounds = {}): number {
  const value = raw(plan, name);
  const field = `params.${name}`;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RetrieverConfigError(
      "wrong_type",
      field,
      `expected a finite number, got ${show(value)}`,
    );
  }
  if (bounds.integer && !Number.isInteger(value)) {
    throw new RetrieverConfigError("wrong_type", field, `expected an integer, got ${value}`);
  }
  if (bounds.min !== undefined) {
    const below = bounds.minExclusive ? value <= bounds.min : value < bounds.min;
    if (below) {
      const op = bounds.minExclusive ? ">" : ">=";
      throw new RetrieverConfigError(
        "out_of_range",
        field,
        `must be ${op} ${bounds.min}, got ${value}`,
      );
    }
  }
  if (bounds.max !== undefined && value > bounds.max) {
    throw new RetrieverConfigError("out_of_range", field, `must be <= ${bounds.max}, got ${value}`);
  }
  return value;
}

/** Reads a positive integer count parameter (`*_k`, pool sizes). */
export function countParam(plan: RetrievePlan, name: string): number {
  return numberParam(plan, name, { min: 1, integer: true });
}

/** Reads a non-negative weight parameter. */
export function weightParam(plan: RetrievePlan, name: string): number {
  return numberParam(plan, name, { min: 0 });
}

/** Reads a list-of-strings parameter. */
export function stringListParam(plan: RetrievePlan, name: string): readonly string[] {
  const value = raw(plan, name);
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v !== "")) {
    throw new RetrieverConfigError(
      "wrong_type",
      `params.${name}`,
      `expected a list of non-empty strings, got ${show(value)}`,
    );
  }
  return value;
}

function show(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}
