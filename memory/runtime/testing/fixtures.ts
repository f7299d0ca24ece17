/**
 * Units for the runtime tests: one tip, one insight and one trajectory learnt from a prior task
 * whose literal query ({@linkcode PRIOR_QUERY}) must never reach a prompt.
 *
 * @module
 */
import { type MemoryUnit, MemoryUnitSchema, unitSignature } from "../../../core/unit.ts";

/** The literal query of the task the fixture units were learnt from. */
export const PRIOR_QUERY = "Who directed the 1997 film Zyxwv Quarry starring Ann Blythe?";

/** A valid unit learnt from the {@linkcode PRIOR_QUERY} task; `extra` overrides any field. */
export function priorUnit(
  id: string,
  type: MemoryUnit["type"],
  content: Record<string, unknown>,
  extra: Partial<MemoryUnit> = {},
): MemoryUnit {
  return MemoryUnitSchema.parse({
    id,
    type,
    signature: unitSignature(content),
    content,
    source_task_id: `task-${id}`,
    source_task_query: PRIOR_QUERY,
    task_outcome: "success",
    created_at: "2026-01-01T00:00:00.000Z",
    applicable_task_types: ["web_research", "multi_hop_search"],
    use_when: ["the question names a film and asks for a person"],
    ...extra,
  });
}

/** Fresh copies of the three sample units (a tip, a failure insight, a trajectory). */
export function sampleUnits(): { tip: MemoryUnit; insight: MemoryUnit; traj: MemoryUnit } {
  return {
    tip: priorUnit("u-tip", "tip", {
      topic: "verify the director",
      principle: "Search the film page first, then confirm the director in the infobox.",
      micro_example: "search[film] then lookup[Directed by]",
      category: "tool_and_search",
    }),
    insight: priorUnit("u-ins", "insight", {
      failure_pattern: "wrong_entity",
      root_cause_conclusion: "The agent answered with the producer instead of the director.",
      corrective_strategy: "Check the role label before answering.",
    }, { task_outcome: "failure", is_negative_example: true }),
    traj: priorUnit("u-traj", "trajectory", {
      steps: [{ step_id: 1, action: "search[x]", observation: "y" }, {
        step_id: 2,
        action: "finish",
      }],
      key_decision: "Look up the infobox before answering.",
      critical_observation: "The infobox lists the director explicitly.",
    }),
  };
}
