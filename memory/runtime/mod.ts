/**
 * Runtime `automem-runtime-v1` (docs/design.md#runtime-policy): the fixed memory-use policy applied
 * to every architecture. The session registry allows BEGIN plus one refresh at an explicit boundary
 * per task and never reinjects a unit or a guidance text; the context composer makes ONE cited
 * model call (top-1 fallback without a model or on any failure) that keeps at most
 * `max_injected_units` candidates; units are shown to it with score bands and an abstracted
 * domain label, never a prior task's literal query; queries are planned literal-preserving.
 * The constants live in `core/runtime_policy.ts`.
 *
 * @module
 */
export {
  DEFAULT_SESSION_CAPACITY,
  guidanceFingerprint,
  type PhaseDecision,
  type SessionPhase,
  SessionRegistry,
  type SessionRegistryOptions,
} from "./session.ts";
export {
  composeContext,
  type ComposeOptions,
  COMPOSER_MAX_TASK_CHARS,
  COMPOSER_SYSTEM_PROMPT,
  type ComposerCandidate,
  type ComposerReply,
  ComposerReplySchema,
  composerUserMessage,
  type CompositionResult,
  fallbackComposition,
  GUIDANCE_PREFIX,
  interpretReply,
  parseKeepId,
  rewriteCitations,
} from "./composer.ts";
export {
  candidateText,
  domainLabel,
  formatUnit,
  HIGH_BAND,
  judgeHead,
  MEDIUM_BAND,
  scoreBand,
  shownText,
} from "./unit_format.ts";
export { buildQuery, type BuiltQuery, type QueryDeps } from "./query.ts";
