/**
 * The offline encoder: deterministic rules that turn a trajectory or conversation into units
 * without any model (the reference extracts nothing offline). The rules per type are documented
 * in `offline_procedures.ts`, `offline_lessons.ts` and `offline_conversation.ts`; literal
 * abstraction in `abstraction.ts`. Same input, same ids and clock → byte-identical units.
 *
 * @module
 */
import type { EncodeType } from "../../core/space.ts";
import type { EncoderDeps, ExtractionInput, ExtractionOutput } from "../encoder_port.ts";
import { createAbstractor } from "./abstraction.ts";
import type { AgentView, UnitDraft } from "./agent_steps.ts";
import { taskTypeTags } from "./failure_rules.ts";
import { answerDrafts, factDrafts, windowDrafts } from "./offline_conversation.ts";
import { insightDraft, tipDrafts } from "./offline_lessons.ts";
import { shortcutDraft, trajectoryDraft, workflowDraft } from "./offline_procedures.ts";
import { draftsToUnits, OFFLINE_MODEL_ID, perTypeOf } from "./units.ts";
import { isConversation } from "./gate.ts";
import { userFactDrafts } from "./user_facts.ts";

/** The view the agent rules share. */
export function agentView(input: ExtractionInput): AgentView {
  const { task, trajectory, outcome } = input;
  const text = task.text.trim() || trajectory.query;
  return {
    task: { ...task, text },
    trajectory,
    outcome,
    abs: createAbstractor(text, trajectory.steps),
    tags: taskTypeTags({ ...task, text }, trajectory),
    actions: trajectory.steps.filter((s) => s.kind === "action"),
  };
}

/** Drafts of one type under the offline rules. */
export function offlineDrafts(type: EncodeType, input: ExtractionInput): UnitDraft[] {
  if (isConversation(input.trajectory)) {
    const turns = input.trajectory.steps;
    if (type === "tip") return factDrafts(turns);
    if (type === "trajectory") return windowDrafts(turns);
    if (type === "shortcut") return answerDrafts(turns);
    return [];
  }
  const view = agentView(input);
  const one = (d: UnitDraft | undefined) => d ? [d] : [];
  switch (type) {
    case "tip":
      // Material without an outcome (an ingested chat): what the user said about themselves.
      return input.outcome === undefined
        ? [...tipDrafts(view), ...userFactDrafts(input.trajectory.steps)]
        : tipDrafts(view);
    case "insight":
      return one(insightDraft(view));
    case "trajectory":
      return one(trajectoryDraft(view));
    case "workflow":
      return one(workflowDraft(view));
    case "shortcut":
      return one(shortcutDraft(view));
  }
}

/** Runs the offline rules for the (already gated) `types`. */
export function offlineExtract(
  input: ExtractionInput,
  types: readonly EncodeType[],
  deps: EncoderDeps,
): ExtractionOutput {
  const drafts = types.flatMap((t) => offlineDrafts(t, input));
  const known = new Set(input.trajectory.steps.map((s) => s.ref));
  const failures: string[] = [];
  const valid = drafts.filter((d, i) => {
    const unknown = d.source_refs.filter((r) => !known.has(r));
    if (unknown.length > 0) failures.push(`offline ${d.type}[${i}]: unknown refs ${unknown}`);
    return unknown.length === 0;
  });
  const made = draftsToUnits(
    valid,
    input,
    deps,
    OFFLINE_MODEL_ID,
    (d, i) => `offline ${d.type}[${i}]`,
  );
  return {
    units: made.units,
    perType: perTypeOf(types, made.units, "offline"),
    failures: [...failures, ...made.failures],
  };
}
