/**
 * Parsers that turn the real external datasets into `Trajectory` + `TaskOutcome`
 * records (see `core/trajectory.ts`): the Reflexion HotpotQA log, the ALFWorld few-shot and reflexion files, and LoCoMo
 * conversations with their evidence-labelled questions. Every parser validates with zod and
 * returns `{ok, value}` or typed issues naming the field or line.
 *
 * @module
 */
export {
  HOTPOT_LABELS,
  type HotpotRecord,
  HotpotRecordSchema,
  parseReactAction,
  parseReflexionHotpotLog,
} from "./hotpot_reflexion.ts";
export {
  ALFWORLD_TASK_TYPES,
  type AlfworldEpisode,
  type AlfworldFewshotEpisode,
  type AlfworldReflexionEnv,
  parseAlfworldCommand,
  parseAlfworldFewshot,
  parseAlfworldReflexion,
  reflectionSentences,
} from "./alfworld.ts";
export {
  type EvidenceNote,
  type LocomoConversation,
  type LocomoData,
  type LocomoQuestion,
  type LocomoSession,
  parseLocomo,
} from "./locomo.ts";
export { DATASETS, hasSharedData, sharedDataUrl } from "./shared_data.ts";
