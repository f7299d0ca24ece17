/**
 * The LOG and PLAN prompt templates (text files under `prompts/`, embedded as text imports) and
 * their rendering: `{{name}}` placeholders, the op syntax list, file notes and the context budget.
 *
 * @module
 */
import logV0 from "../prompts/scaffold_log_v0.md" with { type: "text" };
import planV0 from "../prompts/scaffold_plan_v0.md" with { type: "text" };
import type { MemoryOpName } from "../memory/files/wire.ts";
import type { ScaffoldSpec } from "./spec.ts";

const TEMPLATES: Record<ScaffoldSpec["log_prompt"], string> = {
  scaffold_log_v0: logV0,
  scaffold_plan_v0: planV0,
};

/** The template text of a name. */
export function templateText(name: ScaffoldSpec["log_prompt"]): string {
  return TEMPLATES[name];
}

/** Stands in for a newline inside a value while empty placeholders' blank lines are folded. */
const KEPT_NEWLINE = "\u0001";

/**
 * Fills `{{name}}` placeholders; unknown names become empty. Runs of blank lines left by empty
 * placeholders are folded, but a value keeps its own blank lines: a game map's empty rows are
 * what place its later rows at the right coordinates.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(
    /\{\{(\w+)\}\}/g,
    (_, k: string) => (values[k] ?? "").replaceAll("\n", KEPT_NEWLINE),
  )
    .replace(/\n{3,}/g, "\n\n").trim().replaceAll(KEPT_NEWLINE, "\n") + "\n";
}

const SYNTAX: Record<MemoryOpName, string> = {
  READ: "<|READ|>file<|END|>  (whole file)",
  SEARCH: "<|SEARCH|>file|keyword<|END|>  (matching lines, case-insensitive)",
  TAIL: "<|TAIL|>file|N<|END|>  (last N lines)",
  COUNT: "<|COUNT|>file|keyword<|END|>  (number of matching lines)",
  APPEND: "<|APPEND|>file|note<|END|>  (adds a line)",
  WRITE: "<|WRITE|>file|content<|END|>  (replaces the file)",
  CREATE: "<|CREATE|>file<|END|>  (new empty file)",
  UPSERT: "<|UPSERT|>file|KEY: text<|END|>  (replaces the line of KEY in a keyed file, or adds it)",
  UPSERT_MAP: "<|UPSERT_MAP|>x,y|description<|END|>  (keyed line of dungeon_map.txt)",
};

/** One line per op: `- SEARCH: <|SEARCH|>file|keyword<|END|> ...`. */
export function opsText(ops: readonly MemoryOpName[]): string {
  return ops.map((op) => `- ${op}: ${SYNTAX[op]}`).join("\n");
}

/** Notes on the files: purpose, keys, size warnings. */
export function fileNotes(spec: ScaffoldSpec, lineCount: (file: string) => number): string {
  const out: string[] = [];
  for (const f of spec.files) {
    const parts: string[] = [];
    if (f.purpose) parts.push(f.purpose);
    if (f.key_pattern) {
      parts.push(`KEYED file: one line per key ${f.key_hint ?? f.key_pattern}; use UPSERT`);
    }
    if (f.warn_lines && lineCount(f.name) > f.warn_lines) {
      parts.push(`FILE TOO LARGE (${lineCount(f.name)} lines): use WRITE to summarize`);
    }
    if (parts.length) out.push(`  * ${f.name}: ${parts.join("; ")}`);
  }
  for (const s of spec.sensors) {
    out.push(`  * ${s}.txt: maintained by the scaffold every step (read-only)`);
  }
  return out.join("\n");
}

/** Marker appended where text was cut to fit the context budget. */
export const BUDGET_MARK = "[... cut: context budget exhausted ...]";

/** Cuts `text` to at most `budget` characters (keeping the head), marking the cut. */
export function fitBudget(text: string, budget: number): string {
  if (text.length <= budget) return text;
  if (budget <= BUDGET_MARK.length + 1) return BUDGET_MARK.slice(0, Math.max(0, budget));
  return text.slice(0, budget - BUDGET_MARK.length - 1) + "\n" + BUDGET_MARK;
}

/** The placeholders that hold memory: only these (and tool results) are cut by the budget. */
const MEMORY_PLACEHOLDERS = ["file_index", "file_notes"] as const;

/** A phase prompt whose own parts fit the budget, with memory cut to what is left. */
export interface BudgetedPrompt {
  /** The prompt as sent. */
  text: string;
  /** Characters of the prompt without its memory parts (instruction, observation, ...). */
  fixedChars: number;
}

/**
 * Fills a phase prompt within `budget` characters. The prompt's own parts (instruction,
 * observation, map analysis, ops, rules) are never cut; the memory placeholders share what is
 * left, in order. Returns undefined when the own parts alone exceed the budget.
 */
export function budgetedPrompt(
  template: string,
  values: Record<string, string>,
  budget: number,
): BudgetedPrompt | undefined {
  const bare: Record<string, string> = { ...values };
  for (const k of MEMORY_PLACEHOLDERS) bare[k] = "";
  const fixedChars = fillTemplate(template, bare).length;
  if (fixedChars > budget) return undefined;
  let left = budget - fixedChars;
  const filled: Record<string, string> = { ...values };
  for (const k of MEMORY_PLACEHOLDERS) {
    // Each placeholder that gets text may add a line of its own to the prompt.
    const cut = fitBudget(values[k] ?? "", Math.max(0, left - 1));
    filled[k] = cut;
    left -= cut === "" ? 0 : cut.length + 1;
  }
  return { text: fillTemplate(template, filled), fixedChars };
}
