/**
 * The one adapter over `pdf-lib`: writes simple text PDFs (the fixture web's annual reports and
 * test attachments). Writing, not reading: PDFs are read with `unpdf` in `pdf_text.ts`.
 *
 * @module
 */
import { PDFDocument, StandardFonts } from "npm:pdf-lib@1.17.1";

/** Splits `line` at spaces into pieces of at most `width` characters (longer words stay whole). */
function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  out.push(current);
  return out;
}

/** Writes `lines` as a text PDF (Helvetica 11 pt, new pages as needed) with a fixed date. */
export async function writeTextPdf(
  title: string,
  lines: readonly string[],
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  // Fixed metadata keeps the bytes identical from run to run.
  const epoch = new Date(Date.UTC(2024, 0, 1));
  doc.setTitle(title);
  doc.setProducer("automem fixture web");
  doc.setCreator("automem");
  doc.setCreationDate(epoch);
  doc.setModificationDate(epoch);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 11;
  const lineHeight = 16;
  let page = doc.addPage();
  let y = page.getHeight() - 60;
  for (const line of [title, "", ...lines.flatMap((l) => wrap(l, 90))]) {
    if (y < 60) {
      page = doc.addPage();
      y = page.getHeight() - 60;
    }
    if (line) page.drawText(line, { x: 50, y, font, size });
    y -= lineHeight;
  }
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
