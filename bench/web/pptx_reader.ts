/**
 * PowerPoint `.pptx` decks as text: the archive is unpacked under the zip limits, each slide's
 * XML (`ppt/slides/slideN.xml`, in slide-number order) gives its text runs (`<a:t>`) paragraph by
 * paragraph (`<a:p>`), and the speaker notes (`ppt/notesSlides/notesSlideN.xml`) follow their
 * slide. Tables are text runs too, one cell per line.
 *
 * @module
 */
import { WebToolError } from "./web_error.ts";
import { DEFAULT_ZIP_LIMITS, unzipLimited, zipFiles, type ZipLimits } from "./zip_reader.ts";

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The paragraphs of one slide (or notes) XML part. */
export function slideParagraphs(xml: string): string[] {
  const paragraphs = xml.match(/<a:p[\s>][\s\S]*?<\/a:p>/g) ?? [];
  return paragraphs.map((p) =>
    [...p.matchAll(/<a:t(?:\s[^>]*)?>([\s\S]*?)<\/a:t>/g)].map((m) => unescapeXml(m[1])).join("")
  ).filter((t) => t.trim() !== "");
}

const slideNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** The deck's text, `## Slide N` per slide with its notes. Throws {@linkcode WebToolError}. */
export function pptxToMarkdown(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): string {
  const entries = unzipLimited(bytes, limits);
  const text = (name: string) => {
    const entry = entries.find((e) => e.name === name);
    return entry ? new TextDecoder().decode(entry.bytes) : undefined;
  };
  const slides = entries.map((e) => e.name).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => slideNumber(a) - slideNumber(b));
  if (slides.length === 0) {
    throw new WebToolError("bad_response", "the file is not a PowerPoint deck (no slides)");
  }
  return slides.map((name) => {
    const n = slideNumber(name);
    const body = slideParagraphs(text(name) ?? "");
    const notes = slideParagraphs(text(`ppt/notesSlides/notesSlide${n}.xml`) ?? "");
    return [
      `## Slide ${n}`,
      body.join("\n") || "(no text)",
      ...(notes.length ? [`Notes: ${notes.join("\n")}`] : []),
    ].join("\n\n");
  }).join("\n\n");
}

function slideXml(paragraphs: readonly string[]): string {
  const escape = (t: string) => t.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return `<?xml version="1.0"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/` +
    `2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld>` +
    `<p:spTree>${
      paragraphs.map((t) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${escape(t)}</a:t></a:r></a:p>`)
        .join("")
    }</p:spTree></p:cSld></p:sld>`;
}

/** A minimal deck (for fixtures and tests): slide `i + 1` has `slides[i]`'s paragraphs. */
export function writePptx(
  slides: readonly (readonly string[])[],
  notes: Readonly<Record<number, readonly string[]>> = {},
): Uint8Array {
  const files: Record<string, string> = { "[Content_Types].xml": "<Types/>" };
  slides.forEach((p, i) => files[`ppt/slides/slide${i + 1}.xml`] = slideXml(p));
  for (const [n, p] of Object.entries(notes)) {
    files[`ppt/notesSlides/notesSlide${n}.xml`] = slideXml(p);
  }
  return zipFiles(files);
}
