/**
 * URL redaction: a base URL may carry a password (`https://user:pw@host`) or a key in its query
 * string (`?api-key=…`). Everything automem writes or prints — errors, artifacts, events,
 * reports, API responses, logs — goes through these helpers first, so no such secret survives.
 *
 * @module
 */
import { redactSecretValues } from "./secret_values.ts";

/** What replaces removed userinfo and query values. */
export const REDACTED = "***";

/**
 * `url` with userinfo replaced by `***` and every query value replaced by `***` (keys kept, so a
 * reader still sees which parameter was set). Text that is not a URL is returned unchanged.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const hasUser = parsed.username !== "" || parsed.password !== "";
  const hasQuery = parsed.search !== "";
  if (!hasUser && !hasQuery && parsed.hash === "") return url;
  const auth = hasUser ? `${REDACTED}@` : "";
  const query = hasQuery
    ? "?" + parsed.search.slice(1).split("&").map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    }).join("&")
    : "";
  const fragment = parsed.hash === "" ? "" : `#${REDACTED}`;
  return `${parsed.protocol}//${auth}${parsed.host}${parsed.pathname}${query}${fragment}`;
}

// Scheme, then anything up to whitespace or a character that usually closes a quoted URL.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * `text` with every remembered secret value removed (`secret_values.ts`: keys, passwords, query
 * values, Basic-auth forms, wherever they appear) and every URL in it passed through
 * {@linkcode redactUrl}.
 */
export function redactUrlsIn(text: string): string {
  const scrubbed = redactSecretValues(text);
  if (!scrubbed.includes("://")) return scrubbed;
  return scrubbed.replace(URL_IN_TEXT, (u) => {
    // Punctuation closing a sentence (`…/v1: failed`) belongs to the text, not the URL.
    const tail = /[.,:;!?)\]]+$/.exec(u)?.[0] ?? "";
    return redactUrl(u.slice(0, u.length - tail.length)) + tail;
  });
}

/** A deep copy of a JSON-like value with {@linkcode redactUrlsIn} applied to every string. */
export function redactUrlsDeep<T>(value: T): T {
  if (typeof value === "string") return redactUrlsIn(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactUrlsDeep(v)) as T;
  if (
    value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype
  ) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactUrlsDeep(v);
    return out as T;
  }
  return value;
}
