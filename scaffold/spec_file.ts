/**
 * Reads a scaffold spec file: I/O and JSON errors become issues like schema errors, so the CLI
 * reports every problem the same way. The JSON is read strictly, as architecture specs are (BOM
 * accepted, duplicate keys refused).
 *
 * @module
 */
import type { ParseResult } from "../core/issues.ts";
import { readJsonDocument } from "../core/strict_json.ts";
import { parseScaffoldSpec, type ScaffoldSpec } from "./spec.ts";

/** Reads and parses a spec file with the given reader. */
export async function readScaffoldFile(
  file: string,
  read: (path: string) => Promise<string>,
): Promise<ParseResult<ScaffoldSpec>> {
  const doc = await readJsonDocument(file, read);
  return doc.ok ? parseScaffoldSpec(doc.value) : doc;
}
