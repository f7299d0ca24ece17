/**
 * Turns content drafts into units through {@linkcode makeUnit}; a draft that fails validation
 * becomes a failure line, never a silent drop.
 *
 * @module
 */
import type { EncodeType } from "../../core/space.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import type { EncoderDeps, ExtractionInput, ExtractionOutput } from "../encoder_port.ts";
import { makeUnit } from "../make_unit.ts";
import type { UnitDraft } from "./agent_steps.ts";

/** The `extraction_model` of offline units. */
export const OFFLINE_MODEL_ID = "offline:rules";

/** Formats issues as `path: message; ...`. */
export function issueText(issues: readonly { path: (string | number)[]; message: string }[]) {
  return issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

/** Validates drafts into units; `label(i)` names a draft in failure lines. */
export function draftsToUnits(
  drafts: readonly UnitDraft[],
  input: ExtractionInput,
  deps: EncoderDeps,
  extractionModel: string,
  label: (draft: UnitDraft, index: number) => string,
): { units: MemoryUnit[]; failures: string[] } {
  const units: MemoryUnit[] = [];
  const failures: string[] = [];
  drafts.forEach((d, i) => {
    const made = makeUnit({
      type: d.type,
      content: d.content,
      task: input.task,
      outcome: input.outcome,
      source_refs: d.source_refs,
      clock: deps.clock,
      id: deps.newId(),
      extraction_model: extractionModel,
    });
    if (made.ok) units.push(made.unit);
    else failures.push(`${label(d, i)}: rejected: ${issueText(made.issues)}`);
  });
  return { units, failures };
}

/** `perType` entries for the types that ran. */
export function perTypeOf(
  types: readonly EncodeType[],
  units: readonly MemoryUnit[],
  mode: "model" | "offline",
): ExtractionOutput["perType"] {
  return types.map((type) => ({ type, units: units.filter((u) => u.type === type).length, mode }));
}
