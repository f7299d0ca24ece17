/**
 * Memory-specialist data export: candidate items from traces, rule or JUDGE selection, the
 * deterministic post-processing and checks, ShareGPT and OpenAI JSONL output.
 *
 * @module
 */
export * from "./export_data.ts";
export * from "./items.ts";
export * from "./postprocess.ts";
export * from "./select.ts";
