/**
 * The write-side provenance gate: which encode types may be extracted from a run.
 *
 * - failure: `insight`, `tip`, `trajectory` (a failure teaches what to avoid);
 * - success: `tip`, `trajectory`, `workflow`, `shortcut` (only a success proves a procedure);
 * - conversation (turns, no outcome): `tip` (facts), `trajectory`, `shortcut` (a question the
 *   other speaker answered);
 * - other material without an outcome: `tip`, `trajectory`.
 *
 * Deliberate deviation from the reference (docs/design.md#encode-gate step 5), which runs only
 * `insight` on failure and everything except `insight` on success: tips and trajectories from
 * failures are kept because a failed run's recovered errors and its step record are real evidence
 * (a failed trajectory unit is stored as a negative example).
 *
 * @module
 */
import { ENCODE_TYPES, type EncodeType } from "../../core/space.ts";
import type { TaskOutcome, Trajectory } from "../../core/trajectory.ts";

/** True when every step is a conversation turn. */
export function isConversation(trajectory: Trajectory): boolean {
  return trajectory.steps.length > 0 && trajectory.steps.every((s) => s.kind === "turn");
}

/** The requested types the gate lets through, in canonical menu order. */
export function gateTypes(
  types: readonly EncodeType[],
  outcome: TaskOutcome | undefined,
  conversation: boolean,
): EncodeType[] {
  const allowed: readonly EncodeType[] = conversation
    ? ["tip", "trajectory", "shortcut"]
    : outcome === undefined
    ? ["tip", "trajectory"]
    : outcome.success
    ? ["tip", "trajectory", "workflow", "shortcut"]
    : ["tip", "insight", "trajectory"];
  return ENCODE_TYPES.filter((t) => types.includes(t) && allowed.includes(t));
}
