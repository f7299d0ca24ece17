/**
 * The one adapter over `turndown` (with the GitHub-flavoured tables plugin): HTML to Markdown,
 * so tables keep their rows and columns and links keep their targets.
 *
 * @module
 */
// @ts-types="npm:@types/turndown@5.0.6"
import TurndownService from "npm:turndown@7.2.5";
import { gfm } from "npm:@joplin/turndown-plugin-gfm@1.0.68";

let service: TurndownService | undefined;

/** Converts an HTML fragment to Markdown (ATX headings, fenced code, pipe tables). */
export function htmlToMarkdown(html: string): string {
  if (!service) {
    service = new TurndownService({
      headingStyle: "atx",
      codeBlockStyle: "fenced",
      bulletListMarker: "-",
    });
    service.use(gfm);
    service.remove(["script", "style", "noscript"]);
  }
  return service.turndown(html).replace(/\n{3,}/g, "\n\n").trim();
}
