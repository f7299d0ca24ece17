/**
 * `world`: the procedural tool-use benchmark built into automem, the offline default. A seeded
 * generator makes task families with hidden procedures over sixteen tools; a scripted agent (or
 * a model agent) plays them through the memory provider's lifecycle. See `docs/world.md`.
 *
 * @module
 */
export * from "./agent_run.ts";
export * from "./benchmark.ts";
export * from "./cost_model.ts";
export * from "./environment.ts";
export * from "./generator.ts";
export * from "./guidance_reader.ts";
export * from "./knowledge.ts";
export * from "./lexicon.ts";
export * from "./model_agent.ts";
export * from "./policy.ts";
export * from "./prompt.ts";
export * from "./scripted_agent.ts";
export * from "./task_text.ts";
export * from "./tools.ts";
