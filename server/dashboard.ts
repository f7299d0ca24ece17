/**
 * The dashboard page: one self-contained HTML document with its stylesheet and scripts inlined.
 * The source files are imported as text so a compiled binary carries them (no file reads
 * at run time), and the Content-Security-Policy pins the inline code by hash so the page can make
 * no request except to this server.
 *
 * @module
 */
import { createHash } from "node:crypto";
import css from "./dashboard.css" with { type: "text" };
import html from "./dashboard.html" with { type: "text" };
import js from "./dashboard.js" with { type: "text" };
import charts from "./dashboard_charts.js" with { type: "text" };
import panels from "./dashboard_panels.js" with { type: "text" };

const CSS_SLOT = "/*__DASHBOARD_CSS__*/";
const JS_SLOT = "/*__DASHBOARD_JS__*/";

function inline(template: string, slot: string, text: string): string {
  const at = template.indexOf(slot);
  if (at < 0) throw new Error(`dashboard.html lacks the ${slot} slot`);
  // Slicing instead of replace(): `$` sequences in the code must stay literal.
  return template.slice(0, at) + text + template.slice(at + slot.length);
}

function sourceHash(template: string, tag: "style" | "script"): string {
  const open = template.indexOf(`<${tag}>`);
  const close = template.indexOf(`</${tag}>`, open);
  const body = template.slice(open + tag.length + 2, close);
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/** The dashboard document served at `GET /`. */
export const DASHBOARD_HTML: string = inline(
  inline(html, CSS_SLOT, css),
  JS_SLOT,
  `${charts}\n${panels}\n${js}`,
);

/** The page's Content-Security-Policy: only its own inline code, only requests to this origin. */
export const DASHBOARD_CSP: string = [
  "default-src 'none'",
  `script-src ${sourceHash(DASHBOARD_HTML, "script")}`,
  `style-src ${sourceHash(DASHBOARD_HTML, "style")}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
