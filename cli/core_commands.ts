/**
 * Commands over the architecture space: `space`, `spec`, `compile`, `version`.
 *
 * @module
 */
import { canonicalJson } from "../core/canonical_json.ts";
import { compileSpec } from "../core/compiler.ts";
import type { ParseResult } from "../core/issues.ts";
import {
  ENCODE_TYPES,
  MANAGE_PRESETS,
  RETRIEVER_KINDS,
  spaceManifest,
  STORE_KINDS,
} from "../core/space.ts";
import { type ArchitectureSpec, canonicalSpecJson, fingerprint, parseSpec } from "../core/spec.ts";
import { readJsonDocument } from "../core/strict_json.ts";
import { VERSION } from "../core/version.ts";
import type { CommandDef } from "./command.ts";
import { type CliIo, EXIT } from "./io.ts";

/** Sorted-key JSON with 2-space indent, like Python's `json.dumps(sort_keys=True, indent=2)`. */
export function prettySorted(value: unknown): string {
  return JSON.stringify(
    JSON.parse(canonicalJson(value, { ascii: false, separators: "compact" })),
    null,
    2,
  );
}

/** Reads, parses and validates a spec document, reporting I/O and JSON errors as issues too. */
export async function readSpecFile(
  file: string,
  io: CliIo,
): Promise<ParseResult<ArchitectureSpec>> {
  const doc = await readJsonDocument(
    file,
    (path) => path === "-" ? io.readStdin() : io.readTextFile(path),
  );
  return doc.ok ? parseSpec(doc.value) : doc;
}

/** `automem space`. */
export const spaceCommand: CommandDef = {
  name: "space",
  usage: "automem space [--table]",
  summary: "Print the architecture space manifest (sorted-key JSON), counted by enumeration.",
  flags: [{ name: "table", type: "boolean", description: "print a human-readable table instead" }],
  positionals: { min: 0, max: 0 },
  run({ flags, io }) {
    const m = spaceManifest();
    if (!flags.table) {
      io.stdout(prettySorted(m) + "\n");
      return Promise.resolve(EXIT.ok);
    }
    const rows: [string, readonly string[]][] = [
      ["encode (subset)", ENCODE_TYPES],
      ["store", STORE_KINDS],
      ["retrieve", RETRIEVER_KINDS],
      ["manage", MANAGE_PRESETS],
    ];
    const lines = [`${m.space_id} (schema ${m.schema_version})`, ""];
    for (const [name, values] of rows) lines.push(`${name.padEnd(16)} ${values.join(", ")}`);
    lines.push(
      "",
      `encode subsets   ${m.counts.encode_subsets}`,
      `cartesian total  ${m.counts.cartesian_total}`,
      `compatible total ${m.counts.compatible_total}`,
      "",
      "rules: retrieve=graph needs store graph|llm_graph;",
      "       manage=graph_consolidate needs store graph|llm_graph and retrieve=graph",
    );
    io.stdout(lines.join("\n") + "\n");
    return Promise.resolve(EXIT.ok);
  },
};

/** `automem spec FILE...`. */
export const specCommand: CommandDef = {
  name: "spec",
  usage: "automem spec FILE... (use - for stdin)",
  summary:
    "Validate architecture specs. Prints one JSON object per file: the canonical spec and its fingerprint, or every issue found. Exit 1 if any is invalid.",
  flags: [],
  positionals: { min: 1 },
  async run({ positionals, io }) {
    let failed = false;
    for (const file of positionals) {
      const parsed = await readSpecFile(file, io);
      if (parsed.ok) {
        io.stdout(
          JSON.stringify({
            file,
            valid: true,
            fingerprint: fingerprint(parsed.value),
            spec: JSON.parse(canonicalSpecJson(parsed.value)),
          }) + "\n",
        );
      } else {
        failed = true;
        io.stdout(JSON.stringify({ file, valid: false, issues: parsed.issues }) + "\n");
      }
    }
    return failed ? EXIT.failure : EXIT.ok;
  },
};

/** `automem compile FILE`. */
export const compileCommand: CommandDef = {
  name: "compile",
  usage: "automem compile FILE [--storage_dir DIR]",
  summary: "Compile a spec into its frozen, fully resolved plan and print it as JSON.",
  flags: [{
    name: "storage_dir",
    type: "string",
    meta: "DIR",
    default: "./storage",
    description: "base directory of the store",
  }],
  positionals: { min: 1, max: 1 },
  async run({ positionals, flags, io }) {
    const parsed = await readSpecFile(positionals[0], io);
    if (!parsed.ok) {
      io.stdout(
        JSON.stringify({ file: positionals[0], valid: false, issues: parsed.issues }) + "\n",
      );
      return EXIT.failure;
    }
    const plan = compileSpec(parsed.value, { baseDir: String(flags.storage_dir) });
    io.stdout(JSON.stringify(plan, null, 2) + "\n");
    return EXIT.ok;
  },
};

/** `automem version`. */
export const versionCommand: CommandDef = {
  name: "version",
  usage: "automem version",
  summary: "Print automem's version.",
  flags: [],
  positionals: { min: 0, max: 0 },
  run({ io }) {
    io.stdout(`automem ${VERSION}\n`);
    return Promise.resolve(EXIT.ok);
  },
};
