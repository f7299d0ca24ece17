/**
 * The fixture web's page model: a page is a title plus blocks (headings, paragraphs with links,
 * lists, tables), rendered once to HTML for the server and once to plain text for the local
 * search index, so the index never has to parse the HTML it serves.
 *
 * @module
 */

/** A link inside text. */
export interface Link {
  readonly href: string;
  readonly text: string;
}

/** A run of text or a link. */
export type Inline = string | Link;

/** One block of a page body. */
export type Block =
  | { readonly kind: "h2"; readonly text: string }
  | { readonly kind: "p"; readonly parts: readonly Inline[] }
  | { readonly kind: "ul"; readonly items: readonly (readonly Inline[])[] }
  | {
    readonly kind: "table";
    readonly caption: string;
    readonly head: readonly string[];
    readonly rows: readonly (readonly Inline[])[];
  };

/** A page before rendering. */
export interface PageSource {
  readonly path: string;
  readonly title: string;
  readonly blocks: readonly Block[];
}

/** A page as served: body bytes or text, its content type and the text the search index sees. */
export interface FixturePage {
  readonly path: string;
  readonly title: string;
  readonly contentType: string;
  readonly body: string | Uint8Array<ArrayBuffer>;
  /** Plain text of the page, for the local search index and the fixture's own checks. */
  readonly text: string;
}

const NAV: readonly Link[] = [
  { href: "/", text: "Home" },
  { href: "/islands/", text: "Islands" },
  { href: "/lighthouses/", text: "Lighthouses" },
  { href: "/people/", text: "People" },
  { href: "/ferries/timetable.html", text: "Ferries" },
  { href: "/reports/", text: "Reports" },
  { href: "/news/", text: "News" },
];

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

function inlineHtml(parts: readonly Inline[]): string {
  return parts.map((part) =>
    typeof part === "string"
      ? escapeHtml(part)
      : `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`
  ).join("");
}

function inlineText(parts: readonly Inline[]): string {
  return parts.map((part) => typeof part === "string" ? part : part.text).join("");
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "h2":
      return `<h2>${escapeHtml(block.text)}</h2>`;
    case "p":
      return `<p>${inlineHtml(block.parts)}</p>`;
    case "ul":
      return `<ul>\n${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join("\n")}\n</ul>`;
    case "table": {
      const head = block.head.map((h) => `<th>${escapeHtml(h)}</th>`).join("");
      const rows = block.rows.map((row) =>
        `<tr>${row.map((cell) => `<td>${inlineHtml([cell])}</td>`).join("")}</tr>`
      );
      return `<table>\n<caption>${escapeHtml(block.caption)}</caption>\n<thead><tr>${head}` +
        `</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`;
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "h2":
      return block.text;
    case "p":
      return inlineText(block.parts);
    case "ul":
      return block.items.map((item) => `- ${inlineText(item)}`).join("\n");
    case "table":
      return [
        block.caption,
        block.head.join(" | "),
        ...block.rows.map((row) => row.map((cell) => inlineText([cell])).join(" | ")),
      ].join("\n");
  }
}

/**
 * Renders a page with the site chrome (navigation, cookie banner, footer) that a readability
 * extractor is expected to strip.
 */
export function renderPage(source: PageSource): FixturePage {
  const nav = NAV.map((link) => `<a href="${link.href}">${escapeHtml(link.text)}</a>`).join(" | ");
  const body = source.blocks.map(blockHtml).join("\n");
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${
    escapeHtml(source.title)
  } - Halvard Heritage Portal</title></head>
<body>
<header><nav class="site-nav">${nav}</nav>
<div class="cookie-banner">This site stores no cookies. Press OK to hide this notice.</div></header>
<main><article>
<h1>${escapeHtml(source.title)}</h1>
${body}
</article></main>
<footer><p>Halvard Heritage Trust, Eskport. All text is fiction made for automem's tests.</p></footer>
</body>
</html>
`;
  return {
    path: source.path,
    title: source.title,
    contentType: "text/html; charset=utf-8",
    body: html,
    text: [source.title, ...source.blocks.map(blockText)].join("\n"),
  };
}

/** `1234` → `1,234` (fixed grouping, independent of the machine's locale). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
