/**
 * Redaction by value. A secret that configuration knows (an API key, a URL password, a query
 * value of an endpoint URL, the Basic-auth form `base64(user:password)` a client derives from
 * URL userinfo) can come back in any text: a server that echoes the request path and query or the
 * `Authorization` header in its error body puts it into task files, events and stderr. Spotting
 * it as a URL is not enough, so every secret is remembered here when configuration (or an adapter
 * given a key) sees it, and every writer scrubs its exact value, in each form a client may send.
 *
 * The registry is process-wide on purpose: the writers (run directory, event log, status API,
 * CLI output) must redact secrets they were never handed.
 *
 * @module
 */

/** What replaces a secret. */
export const SECRET_MASK = "***";

/**
 * Values shorter than this are never treated as secrets: replacing them would mangle ordinary
 * text and they protect nothing.
 */
export const MIN_SECRET_LENGTH = 4;

/**
 * Query values at least this long are secrets whatever their parameter is called; shorter ones
 * only under a secret-like name ({@linkcode SECRET_PARAM}), so `?format=json` leaves "json" alone.
 */
export const MIN_QUERY_SECRET_LENGTH = 8;

/** Query parameter names that carry credentials. */
const SECRET_PARAM = /key|token|secret|pass|auth|sig|credential|session|code/i;

const known = new Set<string>();
// Longest first, so a secret that contains another is replaced whole.
let ordered: string[] = [];

function add(value: string): void {
  if (value.length < MIN_SECRET_LENGTH || known.has(value)) return;
  known.add(value);
  ordered = [...known].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** Base64 of UTF-8 `text`, with and without its `=` padding. */
function base64Forms(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  const full = btoa(String.fromCharCode(...bytes));
  return [full, full.replace(/=+$/, "")];
}

/** Remembers `value` (and its URL-encoded form) as a secret to scrub from every output. */
export function rememberSecret(value: string): void {
  add(value);
  add(encodeURIComponent(value));
}

/**
 * Remembers the secrets a URL carries: its password, `user:password` and the Basic-auth
 * `base64(user:password)` (as written and decoded), and its query values (raw and decoded;
 * see {@linkcode MIN_QUERY_SECRET_LENGTH}). Text that is not a URL is ignored.
 */
export function rememberUrlSecrets(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.password !== "") {
    for (
      const [user, pass] of [[parsed.username, parsed.password], [
        decoded(parsed.username),
        decoded(parsed.password),
      ]]
    ) {
      add(pass);
      add(`${user}:${pass}`);
      for (const form of base64Forms(`${user}:${pass}`)) add(form);
    }
  } else if (parsed.username !== "") {
    // A lone userinfo token (`https://TOKEN@host`) is the credential itself.
    add(parsed.username);
    add(decoded(parsed.username));
    for (const form of base64Forms(`${decoded(parsed.username)}:`)) add(form);
  }
  for (const pair of parsed.search.slice(1).split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = decoded(pair.slice(0, eq)), raw = pair.slice(eq + 1);
    const min = SECRET_PARAM.test(name) ? MIN_SECRET_LENGTH : MIN_QUERY_SECRET_LENGTH;
    for (const v of [raw, decoded(raw)]) if (v.length >= min) rememberSecret(v);
  }
}

/** `text` with every remembered secret replaced by {@linkcode SECRET_MASK}. */
export function redactSecretValues(text: string): string {
  let out = text;
  for (const secret of ordered) {
    if (out.includes(secret)) out = out.split(secret).join(SECRET_MASK);
  }
  return out;
}
