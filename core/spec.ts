/**
 * The ArchitectureSpec contract: a strict zod schema, canonical form, fingerprint, and the
 * reference's internal "search shape". Parsing never throws on user input; it reports every issue
 * of a document at once.
 *
 * @module
 */
import { z } from "./zod.ts";
import { canonicalJson, sha256Hex } from "./canonical_json.ts";
import { fromZodIssues, type Issue, type ParseResult } from "./issues.ts";
import {
  compatibilityViolations,
  ENCODE_TYPES,
  type EncodeType,
  MANAGE_PRESETS,
  type ManagePreset,
  RETRIEVER_KINDS,
  type RetrieverKind,
  SCHEMA_VERSION,
  STORE_KINDS,
  type StoreKind,
} from "./space.ts";

const list = (xs: readonly string[]) => xs.join(", ");
const RETIRED = ["skywork_unified", "graph_adaptive", "graph_full", "json_basic", "case_bank"];

function choice<T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (iss) => {
      if (iss.input === undefined) return `missing architecture field: ${field}`;
      if (typeof iss.input !== "string") return `${field} must be a string`;
      if (field === "manage" && RETIRED.includes(iss.input)) {
        return `Unknown management preset '${iss.input}'; valid presets: ${list(values)}`;
      }
      return `invalid ${field} '${iss.input}'; expected one of: ${list(values)}`;
    },
  });
}

const encodeField = z.preprocess(
  (v) => (typeof v === "string" ? [v] : v),
  z.array(z.unknown(), {
    error: (iss) =>
      iss.input === undefined
        ? "missing architecture field: encode"
        : "encode must be a string or a list of strings",
  }).min(1, { error: "encode must be a string or a non-empty list of strings" })
    .superRefine((values, ctx) => {
      const seen = new Set<unknown>();
      const dups = new Set<unknown>();
      values.forEach((v, i) => {
        if (typeof v !== "string") {
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: "encode must be a string or a non-empty list of strings",
            params: { code: "wrong_type" },
          });
        } else if (!(ENCODE_TYPES as readonly string[]).includes(v)) {
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `invalid encode value '${v}'; expected values from: ${list(ENCODE_TYPES)}`,
            params: { code: "invalid_value" },
          });
        }
        if (seen.has(v)) dups.add(v);
        seen.add(v);
      });
      if (dups.size > 0) {
        ctx.addIssue({
          code: "custom",
          message: `duplicate encode value(s): ${[...dups].join(", ")}`,
          params: { code: "duplicate" },
        });
      }
    })
    .transform((values) => ENCODE_TYPES.filter((t) => values.includes(t))),
);

/** The strict zod schema of an architecture spec (exactly five fields). */
export const ArchitectureSpecSchema = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION, {
    error: (iss) =>
      iss.input === undefined
        ? "missing architecture field: schema_version"
        : typeof iss.input !== "string"
        ? "schema_version must be a string"
        : `unsupported schema_version '${iss.input}'; expected '${SCHEMA_VERSION}'`,
  }),
  encode: encodeField,
  store: choice("store", STORE_KINDS),
  retrieve: choice("retrieve", RETRIEVER_KINDS),
  manage: choice("manage", MANAGE_PRESETS),
}, {
  error: (iss) =>
    iss.code === "unrecognized_keys"
      ? `unknown architecture fields: ${[...iss.keys].sort().join(", ")}`
      : "architecture payload must be a mapping",
}).superRefine((spec, ctx) => {
  for (const v of compatibilityViolations(spec)) {
    ctx.addIssue({
      code: "custom",
      path: [v.field],
      message: v.message,
      params: { code: "incompatible" },
    });
  }
});

/**
 * A valid, canonical architecture spec (encode in menu order), as {@linkcode parseSpec} returns
 * it; `core/spec_test.ts` keeps this interface equal to `ArchitectureSpecSchema`'s type.
 */
export interface ArchitectureSpec {
  /** The spec schema version; `"1"` is the only one. */
  schema_version: "1";
  /** The unit types to extract, in menu order, without repeats. */
  encode: EncodeType[];
  /** Where units live. */
  store: StoreKind;
  /** How units are found. */
  retrieve: RetrieverKind;
  /** How the store is maintained. */
  manage: ManagePreset;
}

function codeFor(issue: Issue, input: unknown): Issue {
  if (issue.code === "invalid_value" && issue.path.length === 1) {
    const value = (input as Record<string, unknown>)[issue.path[0] as string];
    if (value === undefined) return { ...issue, code: "missing_field" };
    if (typeof value !== "string") return { ...issue, code: "wrong_type" };
  }
  if (issue.code === "invalid_value" && issue.path[0] === "schema_version") {
    return { ...issue, code: "unsupported_version" };
  }
  if (issue.code === "too_small") return { ...issue, code: "empty" };
  if (issue.code === "invalid_union") return { ...issue, code: "wrong_type" };
  if (issue.code === "invalid_type" && issue.path.length === 0) {
    return { ...issue, code: "not_object" };
  }
  if (issue.code === "wrong_type" && issue.path.length === 0) {
    return { ...issue, code: "not_object" };
  }
  return issue;
}

/** Parses and canonicalises a spec; every issue of the document is reported. Never throws. */
export function parseSpec(input: unknown): ParseResult<ArchitectureSpec> {
  if (isSearchShape(input)) return fromSearchShape(input);
  const r = ArchitectureSpecSchema.safeParse(input, { reportInput: true });
  if (r.success) return { ok: true, value: r.data };
  const issues = fromZodIssues(r.error.issues).map((i) => codeFor(i, input));
  // Zod skips object refinements when a field fails; report compatibility anyway when the
  // three coordinates it concerns are valid, so a document's issues all come at once.
  const o = input as Record<string, unknown>;
  if (
    typeof o === "object" && o !== null && !issues.some((i) => i.code === "incompatible") &&
    (STORE_KINDS as readonly unknown[]).includes(o.store) &&
    (RETRIEVER_KINDS as readonly unknown[]).includes(o.retrieve) &&
    (MANAGE_PRESETS as readonly unknown[]).includes(o.manage)
  ) {
    for (const v of compatibilityViolations(o as Parameters<typeof compatibilityViolations>[0])) {
      issues.push({ code: "incompatible", path: [v.field], message: v.message });
    }
  }
  return { ok: false, issues };
}

/** Canonical JSON of a spec: sorted keys, compact separators, ASCII-escaped. */
export function canonicalSpecJson(spec: ArchitectureSpec): string {
  return canonicalJson({ ...spec, encode: ENCODE_TYPES.filter((t) => spec.encode.includes(t)) });
}

/** SHA-256 hex of the canonical JSON; equals the Python reference's fingerprint. */
export function fingerprint(spec: ArchitectureSpec): string {
  return sha256Hex(canonicalSpecJson(spec));
}

/** A short human label such as `tip+workflow/graph/graph/graph_consolidate`. */
export function specLabel(spec: ArchitectureSpec): string {
  return `${spec.encode.join("+")}/${spec.store}/${spec.retrieve}/${spec.manage}`;
}

/** The reference's internal search shape. */
export interface SearchShape {
  extract_types: string[];
  storage_routing: Record<string, string>;
  retrieval: string;
  management: string;
}

const SEARCH_KEYS = ["extract_types", "management", "retrieval", "storage_routing"];

function isSearchShape(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && "extract_types" in v;
}

function fromSearchShape(input: Record<string, unknown>): ParseResult<ArchitectureSpec> {
  const issues: Issue[] = [];
  const keys = Object.keys(input).sort();
  const extra = keys.filter((k) => !SEARCH_KEYS.includes(k));
  const missing = SEARCH_KEYS.filter((k) => !keys.includes(k));
  if (extra.length) {
    issues.push({
      code: "unknown_field",
      path: [],
      message: `unknown search-shape fields: ${extra.join(", ")}`,
    });
  }
  for (const k of missing) {
    issues.push({ code: "missing_field", path: [k], message: `missing search-shape field: ${k}` });
  }
  const types = input.extract_types;
  const routing = input.storage_routing;
  let store: unknown = undefined;
  if (!Array.isArray(types) || types.length === 0 || types.some((t) => typeof t !== "string")) {
    issues.push({
      code: "wrong_type",
      path: ["extract_types"],
      message: "extract_types must be a non-empty list of strings",
    });
  } else if (typeof routing !== "object" || routing === null || Array.isArray(routing)) {
    issues.push({
      code: "wrong_type",
      path: ["storage_routing"],
      message: "storage_routing must be an object mapping each extract type to a store",
    });
  } else {
    const r = routing as Record<string, unknown>;
    const rk = Object.keys(r).sort();
    const tk = [...new Set(types as string[])].sort();
    if (rk.join(",") !== tk.join(",")) {
      issues.push({
        code: "invalid_value",
        path: ["storage_routing"],
        message: `storage_routing keys (${rk.join(", ")}) must equal extract_types (${
          tk.join(", ")
        })`,
      });
    }
    const stores = [...new Set(Object.values(r))];
    if (stores.length !== 1) {
      issues.push({
        code: "invalid_value",
        path: ["storage_routing"],
        message: "every extract type must be routed to the same single store",
      });
    } else store = stores[0];
  }
  if (issues.length) return { ok: false, issues };
  return parseSpec({
    schema_version: SCHEMA_VERSION,
    encode: types,
    store,
    retrieve: input.retrieval,
    manage: input.management,
  });
}

/** Converts a spec to the reference's search shape. */
export function toSearchShape(spec: ArchitectureSpec): SearchShape {
  return {
    extract_types: [...spec.encode],
    storage_routing: Object.fromEntries(spec.encode.map((t: EncodeType) => [t, spec.store])),
    retrieval: spec.retrieve,
    management: spec.manage,
  };
}
