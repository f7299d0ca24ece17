/**
 * The one adapter over `unpdf`: the text of a PDF, page by page. Loaded on first use so commands
 * that never read a PDF do not pay for the PDF engine.
 *
 * @module
 */
import { WebToolError } from "./web_error.ts";

/** Text of each page of the PDF in `bytes`, in order. Throws `bad_response` when unreadable. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import("npm:unpdf@1.8.1");
  try {
    // The PDF engine takes ownership of (detaches) the buffer it is given, so it gets a copy.
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(doc, { mergePages: false });
    return text.map((page) => page.replace(/[ \t]+\n/g, "\n").trim());
  } catch (error) {
    throw new WebToolError("bad_response", "the file is not a readable PDF", { cause: error });
  }
}

/** All pages' text, each preceded by a `--- page N ---` line when there is more than one. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pages = await pdfPages(bytes);
  if (pages.length === 1) return pages[0];
  return pages.map((text, i) => `--- page ${i + 1} ---\n${text}`).join("\n\n");
}
