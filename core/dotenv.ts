/**
 * A small `.env` parser (no variable expansion, no multi-line values): `KEY=VALUE` lines with
 * optional `export`, `#` comments, and single- or double-quoted values.
 *
 * @module
 */

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

function parseValue(raw: string, lineNo: number): string {
  const fail = (why: string) => {
    throw new SyntaxError(`.env line ${lineNo}: ${why}`);
  };
  const quote = raw[0];
  if (quote !== '"' && quote !== "'") {
    // An unquoted value ends where a comment starts: a `#` at the start or after whitespace.
    const comment = raw.search(/(^|\s)#/);
    return (comment < 0 ? raw : raw.slice(0, comment)).trim();
  }
  let value = "";
  for (let i = 1; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === quote) {
      const rest = raw.slice(i + 1).trim();
      if (rest !== "" && !rest.startsWith("#")) fail("unexpected text after the closing quote");
      return value;
    }
    if (quote === '"' && ch === "\\" && i + 1 < raw.length) {
      const next = raw[++i];
      value += ESCAPES[next] ?? `\\${next}`;
    } else {
      value += ch;
    }
  }
  return fail(`missing closing ${quote}`);
}

/**
 * Parses `.env` text into a map (later duplicates win). Throws `SyntaxError` naming the line
 * number, never the line itself, since it may hold a secret.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const body = trimmed.replace(/^export\s+/, "");
    const eq = body.indexOf("=");
    const key = eq < 0 ? "" : body.slice(0, eq).trim();
    if (!KEY.test(key)) throw new SyntaxError(`.env line ${index + 1}: expected KEY=VALUE`);
    out[key] = parseValue(body.slice(eq + 1).trim(), index + 1);
  });
  return out;
}
