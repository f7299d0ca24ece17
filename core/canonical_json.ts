/**
 * Canonical JSON in Python's `json.dumps(sort_keys=True)` dialect, so fingerprints and unit
 * signatures match the reference implementation byte for byte.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** Serialisation options mirroring Python's `json.dumps` flags. */
export interface CanonicalOptions {
  /** `true` escapes every non-ASCII code unit as `\uXXXX` (Python `ensure_ascii=True`). */
  ascii: boolean;
  /** `"compact"` = `(",", ":")`; `"python"` = Python's default `(", ", ": ")`. */
  separators: "compact" | "python";
}

const COMPACT: CanonicalOptions = { ascii: true, separators: "compact" };

function encodeString(s: string, ascii: boolean): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || (ascii && c > 0x7e)) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * Serialises `value` with sorted object keys. Numbers use JavaScript's shortest form, which equals
 * Python's for integers and most floats (Python writes `1.0` where JS writes `1`; automem never
 * fingerprints such values).
 */
export function canonicalJson(value: unknown, options: CanonicalOptions = COMPACT): string {
  const [comma, colon] = options.separators === "compact" ? [",", ":"] : [", ", ": "];
  const walk = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "string") return encodeString(v, options.ascii);
    if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (Array.isArray(v)) return "[" + v.map(walk).join(comma) + "]";
    if (typeof v === "object") {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
      return "{" + keys.map((k) => encodeString(k, options.ascii) + colon + walk(obj[k])).join(
        comma,
      ) + "}";
    }
    return "null";
  };
  return walk(value);
}

/** SHA-256 hex digest of a UTF-8 string. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** SHA-256 hex of the compact, ASCII-escaped canonical JSON of `value`. */
export function digestOf(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
