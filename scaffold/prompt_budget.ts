/**
 * The per-phase context budget. The prompt's own parts — the game's instruction, the current
 * observation, the map analysis, the ops and rules — are never cut: a model that does not see
 * the screen cannot play. Memory (the file index and notes) and tool results share what the
 * budget leaves. A scaffold whose budget cannot hold the instruction and a full observation fails
 * when it is loaded, before any step is played, and a step whose observation is larger than the
 * budget fails instead of being cut.
 *
 * @module
 */
import type { MemoryOpName } from "../memory/files/wire.ts";
import { ScaffoldError } from "./errors.ts";
import { fillTemplate, opsText, templateText } from "./prompts.ts";
import type { ScaffoldSpec } from "./spec.ts";

/**
 * Characters reserved for one observation when a scaffold is loaded: a full 80×24 terminal
 * screen (1,944 characters) with its message lines and section headers, or BALROG's NetHack
 * observation (map, cursor, language observation, inventory).
 */
export const SCREEN_OBSERVATION_CHARS = 3000;

/** Characters reserved for the map analysis (position, 8 neighbours, a few stairs). */
const MAP_ANALYSIS_CHARS = 600;

/** Sizes a scaffold must fit at load. */
export interface BudgetNeeds {
  /** The game's instruction text (or its length). */
  instructionChars: number;
  /** The action vocabulary (listed in every PLAN prompt). */
  actions: readonly string[];
  /** The largest observation the game shows. */
  observationChars: number;
}

/** Characters of the PLAN prompt's own parts for these sizes (the larger of the two phases). */
export function fixedPromptChars(spec: ScaffoldSpec, game: string, needs: BudgetNeeds): number {
  return fillTemplate(templateText(spec.plan_prompt), {
    game,
    instruction: "i".repeat(needs.instructionChars),
    observation: "o".repeat(needs.observationChars),
    map_analysis: "m".repeat(MAP_ANALYSIS_CHARS),
    ops: opsText(spec.plan_ops as MemoryOpName[]),
    rules: spec.plan_rules.map((r) => `- ${r}`).join("\n"),
    actions: needs.actions.join(", "),
  }).length;
}

/** Throws when the scaffold's budget cannot hold the instruction and a full observation. */
export function checkPromptBudget(spec: ScaffoldSpec, game: string, needs: BudgetNeeds): void {
  const fixed = fixedPromptChars(spec, game, needs);
  if (fixed <= spec.context_budget_chars) return;
  throw new ScaffoldError(
    "context_budget",
    `scaffold '${spec.name}': context_budget_chars ${spec.context_budget_chars} cannot hold ` +
      `the ${game} prompt without memory (${fixed} characters: instruction ` +
      `${needs.instructionChars}, observation up to ${needs.observationChars}); the observation ` +
      `is never cut, so raise context_budget_chars to at least ${fixed} (plus room for memory)`,
  );
}

/** The error of a step whose prompt, without memory, is larger than the budget. */
export function overBudget(spec: ScaffoldSpec, phase: string, fixed: number): ScaffoldError {
  return new ScaffoldError(
    "context_budget",
    `scaffold '${spec.name}': the ${phase} prompt needs ${fixed} characters without memory ` +
      `(instruction and observation are never cut), above context_budget_chars ` +
      `${spec.context_budget_chars}`,
  );
}
