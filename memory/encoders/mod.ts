/**
 * Encoders: turn a finished task's trajectory (or an ingested conversation) into schema-valid
 * memory units of the planned encode types, with a model (`prompts/extract_*.md`, batched when
 * several types are allowed) or with deterministic offline rules, behind the write-side
 * provenance gate. Start with {@linkcode createEncoder}.
 *
 * @module
 */
export { createEncoder, type EncoderOptions } from "./create_encoder.ts";
export { gateTypes, isConversation } from "./gate.ts";
export { type ModelEncoderOptions, modelExtract, replySchema } from "./model_encoder.ts";
export { offlineDrafts, offlineExtract } from "./offline_encoder.ts";
export { OFFLINE_MODEL_ID } from "./units.ts";
export { type Abstractor, createAbstractor, type Placeholder } from "./abstraction.ts";
export {
  classifyFailure,
  CORRECTIVE_STRATEGY,
  taskComplexity,
  taskTypeTags,
} from "./failure_rules.ts";
export { formatTrajectory } from "./prompt_context.ts";
export { TURN_WINDOW } from "./offline_conversation.ts";
export type { UnitDraft } from "./agent_steps.ts";
