/**
 * The fixed memory-use runtime policy `automem-runtime-v1` (docs/design.md#runtime-policy). The
 * constants are frozen; their digest equals the reference's and enters the search protocol digest.
 *
 * @module
 */
import { digestOf } from "./canonical_json.ts";

/** The frozen runtime policy constants (reference field names). */
export const RUNTIME_POLICY = Object.freeze({
  policy_id: "automem-runtime-v1",
  max_injected_units: 3,
  max_refreshes_per_task: 1,
  planner_max_query_chars: 2000,
  composer_max_candidate_chars: 1200,
  composer_max_output_tokens: 500,
});

/** The runtime policy's type. */
export type RuntimePolicy = typeof RUNTIME_POLICY;

/** SHA-256 of the sorted compact JSON of the policy. */
export const RUNTIME_POLICY_DIGEST: string = digestOf(RUNTIME_POLICY);
