/**
 * The one adapter over `mammoth`: a Word `.docx` document to HTML, then Markdown through the
 * same converter as web pages (headings, lists and tables kept). Loaded on first use.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { htmlToMarkdown } from "./markdown.ts";
import { WebToolError } from "./web_error.ts";

interface MammothPromises {
  toExternalPromise: (promise: Promise<unknown>) => Promise<unknown>;
}

let patched = false;

/**
 * mammoth wraps every result in a Promise subclass built by assigning `__proto__`, which Deno
 * disables, so the wrapper has no `resolve` and every call throws. Its own docs promise only a
 * plain promise, so the wrapper is replaced by `Promise.resolve` (once, before first use).
 */
async function loadMammoth() {
  const { default: mammoth } = await import("npm:mammoth@1.13.0");
  if (!patched) {
    const { default: promises } = await import("npm:mammoth@1.13.0/lib/promises.js") as {
      default: MammothPromises;
    };
    promises.toExternalPromise = (promise) => Promise.resolve(promise);
    patched = true;
  }
  return mammoth;
}

/** The document's text as Markdown. */
export async function docxToMarkdown(bytes: Uint8Array): Promise<string> {
  const mammoth = await loadMammoth();
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return htmlToMarkdown(value);
  } catch (error) {
    throw new WebToolError("bad_response", "the file is not a readable .docx document", {
      cause: error,
    });
  }
}
