/**
 * The fixed memory-use runtime policy `automem-runtime-v1` (docs/design.md#runtime-policy). The
 * constants are frozen; their digest equals the reference's and enters the search protocol digest.
 *
 * @module
 */
import { digestOf } from "./canonical_json.ts";

/** How memory reaches the agent: fixed limits, not searched (reference field names). */
export interface RuntimePolicy {
  /** The policy's id, `automem-runtime-v1`. */
  readonly policy_id: string;
  /** Most units injected into one task. */
  readonly max_injected_units: number;
  /** Most refreshes (a second retrieval) per task. */
  readonly max_refreshes_per_task: number;
  /** Characters of the task text the query planner reads. */
  readonly planner_max_query_chars: number;
  /** Characters of each candidate unit the composer reads. */
  readonly composer_max_candidate_chars: number;
  /** Output tokens of the composer's reply. */
  readonly composer_max_output_tokens: number;
}

/** The frozen runtime policy constants. */
export const RUNTIME_POLICY: RuntimePolicy = Object.freeze({
  policy_id: "automem-runtime-v1",
  max_injected_units: 3,
  max_refreshes_per_task: 1,
  planner_max_query_chars: 2000,
  composer_max_candidate_chars: 1200,
  composer_max_output_tokens: 500,
});

/** SHA-256 of the sorted compact JSON of the policy. */
export const RUNTIME_POLICY_DIGEST: string = digestOf(RUNTIME_POLICY);
