/**
 * Command-line parsing: the one file that knows the parser (`node:util` `parseArgs`, strict), so a
 * swap to `@std/cli` is a one-file change. Every flag is accepted in snake_case (the reference's
 * spelling) and kebab-case.
 *
 * @module
 */
import { parseArgs } from "node:util";

/** One flag of a command. */
export interface FlagDef {
  /** snake_case name; `--name` and `--kebab-name` both work. */
  name: string;
  type: "string" | "boolean" | "number";
  description: string;
  /** Printed in help; applied when the flag is absent. */
  default?: string | number | boolean;
  /** Metavariable for help, e.g. `DIR`. */
  meta?: string;
  /** Allowed values, checked at parse time. */
  choices?: readonly string[];
}

/** Parsed flags keyed by snake_case name. */
export type Flags = Record<string, string | number | boolean | undefined>;

/** A string flag's trimmed value, or undefined when it is absent, blank or not a string. */
export function trimmedFlag(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/** Result of parsing one command's arguments. */
export type ArgsResult =
  | { ok: true; flags: Flags; positionals: string[]; help: boolean }
  | { ok: false; message: string };

const kebab = (s: string) => s.replaceAll("_", "-");

/** Parses `argv` (after the command name) against the command's flags. Never throws. */
export function parseCommandArgs(flags: readonly FlagDef[], argv: string[]): ArgsResult {
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {
    help: { type: "boolean", short: "h" },
  };
  for (const f of flags) {
    const type = f.type === "boolean" ? "boolean" : "string";
    options[f.name] = { type };
    if (kebab(f.name) !== f.name) options[kebab(f.name)] = { type };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    return { ok: false, message: (e as Error).message.replace(/\. To specify .*$/s, "") };
  }
  const out: Flags = {};
  const values = parsed.values as Record<string, string | boolean | undefined>;
  for (const f of flags) {
    const raw = values[f.name] ?? values[kebab(f.name)];
    if (raw === undefined) {
      out[f.name] = f.default;
      continue;
    }
    if (f.type === "number") {
      // Plain decimal only: `0x10`, `1e3` or `Infinity` are typos more often than intent.
      const n = Number(raw);
      if (typeof raw !== "string" || !DECIMAL.test(raw.trim()) || !Number.isFinite(n)) {
        return {
          ok: false,
          message: `--${f.name} expects a decimal number like 12 or 0.5, got '${raw}'`,
        };
      }
      out[f.name] = n;
    } else if (f.choices && !f.choices.includes(String(raw))) {
      return {
        ok: false,
        message: `--${f.name} must be one of: ${f.choices.join(", ")} (got '${raw}')`,
      };
    } else out[f.name] = raw;
  }
  return { ok: true, flags: out, positionals: parsed.positionals, help: values.help === true };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Renders a command's help text. */
export function formatHelp(usage: string, summary: string, flags: readonly FlagDef[]): string {
  const rows = flags.map((f) => {
    const spell = `--${f.name}` + (kebab(f.name) !== f.name ? `, --${kebab(f.name)}` : "");
    const meta = f.type === "boolean" ? "" : ` ${f.meta ?? (f.type === "number" ? "N" : "VALUE")}`;
    const def = f.default === undefined ? "" : ` (default: ${f.default})`;
    const choices = f.choices ? ` [${f.choices.join("|")}]` : "";
    return [spell + meta, f.description + choices + def];
  });
  rows.push(["-h, --help", "show this help"]);
  const width = Math.min(38, Math.max(...rows.map((r) => r[0].length)) + 2);
  // A flag spelling longer than the column gets its description on the next line.
  const lines = rows.map(([a, b]) =>
    a.length + 2 <= width ? `  ${a.padEnd(width)}${b}` : `  ${a}\n  ${"".padEnd(width)}${b}`
  );
  return `Usage: ${usage}\n\n${summary}\n\nOptions:\n${lines.join("\n")}\n`;
}
