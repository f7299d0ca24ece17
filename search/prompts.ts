/**
 * The search engine's prompts, imported as text (so a compiled binary carries them), and the
 * one template renderer: `{{name}}` placeholders, nothing else — no expressions, no access to
 * anything but the given values. Values are defused so text from a run cannot inject
 * placeholders of its own.
 *
 * @module
 */
import architectureSearch from "../prompts/architecture_search.md" with { type: "text" };
import ledgerUpdate from "../prompts/ledger_update.md" with { type: "text" };
import diagnosisReasoning from "../prompts/diagnosis_reasoning.md" with { type: "text" };
import diagnosisLayers from "../prompts/diagnosis_layers.md" with { type: "text" };
import diagnosisCandidate from "../prompts/diagnosis_candidate.md" with { type: "text" };
import diagnosisRound from "../prompts/diagnosis_round.md" with { type: "text" };
import { sha256Hex } from "../core/canonical_json.ts";

/** Every prompt the search engine sends, by name. */
export const SEARCH_PROMPTS: Readonly<Record<string, string>> = Object.freeze({
  architecture_search: architectureSearch,
  ledger_update: ledgerUpdate,
  diagnosis_reasoning: diagnosisReasoning,
  diagnosis_layers: diagnosisLayers,
  diagnosis_candidate: diagnosisCandidate,
  diagnosis_round: diagnosisRound,
});

/** sha256 of each prompt (for the protocol digest); `overrides` replace packaged texts. */
export function promptDigests(
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const all = { ...SEARCH_PROMPTS, ...overrides };
  return Object.fromEntries(Object.keys(all).sort().map((k) => [k, sha256Hex(all[k])]));
}

/** Stringifies a value for a prompt: strings as-is, everything else as pretty JSON. */
export function promptValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 1) ?? "";
}

/**
 * Replaces every `{{name}}` with `vars[name]` (unknown names render empty). Substituted text has
 * `{{`/`}}` broken up, so values can never introduce placeholders.
 */
export function renderTemplate(template: string, vars: Readonly<Record<string, unknown>>): string {
  return template.replace(
    /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g,
    (_, name: string) =>
      name in vars ? promptValue(vars[name]).replace(/\{\{/g, "{ {").replace(/\}\}/g, "} }") : "",
  );
}
