/**
 * Reads a scaffold spec file: I/O and JSON errors become issues like schema errors, so the CLI
 * reports every problem the same way.
 *
 * @module
 */
import type { ParseResult } from "../core/issues.ts";
import { parseScaffoldSpec, type ScaffoldSpec } from "./spec.ts";

/** Parses the text of a spec file. */
export function parseScaffoldText(file: string, text: string): ParseResult<ScaffoldSpec> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      issues: [{
        code: "json",
        path: [],
        message: `malformed JSON in ${file}: ${(e as Error).message}`,
      }],
    };
  }
  return parseScaffoldSpec(value);
}

/** Reads and parses a spec file with the given reader. */
export async function readScaffoldFile(
  file: string,
  read: (path: string) => Promise<string>,
): Promise<ParseResult<ScaffoldSpec>> {
  let text: string;
  try {
    text = await read(file);
  } catch (e) {
    const reason = e instanceof Deno.errors.NotFound ? "file not found" : (e as Error).message;
    return {
      ok: false,
      issues: [{ code: "io", path: [], message: `cannot read ${file}: ${reason}` }],
    };
  }
  return parseScaffoldText(file, text);
}
