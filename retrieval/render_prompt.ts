/**
 * Safe `{{name}}` prompt rendering. The reference rendered HyDE's `{query}` slot with Jinja, which
 * left the placeholder untouched so the model never saw the question
 * (docs/design.md#fix-prompt-placeholders). Here every placeholder must be supplied and every
 * supplied value must be used, so a template and its caller can never drift apart silently. Values
 * are inserted in one pass and never re-scanned, so text that happens to contain `{{...}}` cannot
 * inject further substitutions.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** A template and its variables disagree. */
export class PromptRenderError extends AutomemError {
  /** `missing_variable`: the template uses a name not supplied; `unused_variable`: the reverse. */
  declare readonly code: "missing_variable" | "unused_variable" | "invalid_name";
  /** The placeholder or variable name at fault. */
  readonly field: string;
  /** Builds the error. */
  constructor(code: PromptRenderError["code"], field: string, message: string) {
    super(code, message);
    this.name = "PromptRenderError";
    this.field = field;
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The distinct placeholder names of a template, in order of first use. */
export function promptPlaceholders(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) if (!names.includes(m[1])) names.push(m[1]);
  return names;
}

/**
 * Replaces every `{{name}}` (inner spaces allowed) with `vars[name]`. Throws a
 * {@linkcode PromptRenderError} when a placeholder has no value or a value has no placeholder.
 */
export function renderPrompt(
  template: string,
  vars: Readonly<Record<string, string | number>>,
): string {
  for (const name of Object.keys(vars)) {
    if (!NAME.test(name)) {
      throw new PromptRenderError("invalid_name", name, `'${name}' is not a valid variable name`);
    }
  }
  const used = new Set(promptPlaceholders(template));
  for (const name of used) {
    if (!Object.hasOwn(vars, name)) {
      throw new PromptRenderError(
        "missing_variable",
        name,
        `the template uses {{${name}}} but no value was given for '${name}'`,
      );
    }
  }
  for (const name of Object.keys(vars)) {
    if (!used.has(name)) {
      throw new PromptRenderError(
        "unused_variable",
        name,
        `a value was given for '${name}' but the template has no {{${name}}} placeholder`,
      );
    }
  }
  return template.replace(PLACEHOLDER, (_, name: string) => String(vars[name]));
}
