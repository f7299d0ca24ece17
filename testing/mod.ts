/**
 * Test doubles for code that embeds automem: a scripted chat model (replies in order, or by
 * rule), a logical clock, the deterministic hashing embedder and deterministic unit ids. With
 * them a test of your agent's memory use runs offline and gives the same result every time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { logicalClock, ScriptedModel } from "./mod.ts";
 * const model = new ScriptedModel({ replies: ["first", "second"] });
 * const reply = await model.chat({ messages: [{ role: "user", content: "hi" }] });
 * assert.equal(reply.text, "first");
 * const clock = logicalClock(0, 1000);
 * assert.deepEqual([clock.now(), clock.now()], [0, 1000]);
 * ```
 *
 * @module
 */
export {
  ScriptedModel,
  type ScriptedModelOptions,
  type ScriptReply,
  type ScriptRule,
} from "../core/scripted_model.ts";
export { logicalClock } from "../core/clock.ts";
export { HashEmbedder } from "../core/hash_embedder.ts";
export { continuingIds, sequentialIds } from "../memory/ids.ts";
export {
  type CannedGuidance,
  CannedProvider,
  type CannedProviderOptions,
  type CannedUnit,
} from "../bench/testing/canned_provider.ts";
export type {
  CandidateTrace,
  MemoryProvider,
  RetrievalTrace,
  TaskTrace,
} from "../memory/provider_port.ts";
