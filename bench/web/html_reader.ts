/**
 * The one adapter over `@mozilla/readability` and `linkedom`: turns an HTML page into its main
 * content (as HTML, for the Markdown converter), its title and every link on the page with an
 * absolute URL. Readability is tuned for articles; on short pages (a table, a list of links) it
 * can pick the footer instead. So its result is used only when it lies inside the cleaned page
 * (the page without navigation, header, footer, scripts and forms) and holds at least a third of
 * that page's text; otherwise the cleaned page's main element is the content.
 *
 * @module
 */
// linkedom and Readability are typed against the DOM library, which Deno does not load by default.
/// <reference lib="dom" />
import { Readability } from "npm:@mozilla/readability@0.6.0";
import { parseHTML } from "npm:linkedom@0.18.15";

/** A link found on a page. */
export interface PageLink {
  readonly text: string;
  readonly url: string;
}

/** The readable part of a page. */
export interface ReadablePage {
  readonly title: string;
  /** Main content as HTML, links made absolute. */
  readonly contentHtml: string;
  /** Every http(s) link of the whole page (navigation included), deduplicated, in page order. */
  readonly links: PageLink[];
  /** Which extractor produced `contentHtml`. */
  readonly extractor: "readability" | "cleaned";
}

const CHROME = "script, style, noscript, template, nav, header, footer, aside, form, iframe, svg";

function plainText(html: string): string {
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  return (document.body?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Extracts the readable content, title and links of `html` fetched from `pageUrl`. */
export function readHtml(html: string, pageUrl: string): ReadablePage {
  const { document } = parseHTML(html);
  const links: PageLink[] = [];
  const seen = new Set<string>();
  for (const a of document.querySelectorAll("a[href]")) {
    let url: URL;
    try {
      url = new URL(a.getAttribute("href") ?? "", pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    a.setAttribute("href", url.href);
    const text = (a.textContent ?? "").replace(/\s+/g, " ").trim();
    if (!seen.has(url.href)) {
      seen.add(url.href);
      links.push({ text, url: url.href });
    }
  }
  for (const img of document.querySelectorAll("img[src]")) {
    try {
      img.setAttribute("src", new URL(img.getAttribute("src") ?? "", pageUrl).href);
    } catch {
      img.removeAttribute("src");
    }
  }
  const docTitle = (document.querySelector("title")?.textContent ?? "").trim();

  // Readability mutates the document it reads, so the fallback works on a fresh copy.
  const { document: copy } = parseHTML(document.toString());
  for (const node of copy.querySelectorAll(CHROME)) node.remove();
  const root = copy.querySelector("main") ?? copy.querySelector("article") ?? copy.body;
  const cleanedHtml = root?.innerHTML ?? "";

  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const articleHtml = article?.content ?? "";
  const articleText = articleHtml ? plainText(articleHtml) : "";
  const cleanedText = plainText(cleanedHtml);
  const useArticle = articleText !== "" && articleText.length * 3 >= cleanedText.length &&
    cleanedText.includes(articleText.slice(0, 80));
  return {
    title: (article?.title ?? "").trim() || docTitle,
    contentHtml: useArticle ? articleHtml : cleanedHtml,
    links,
    extractor: useArticle ? "readability" : "cleaned",
  };
}
