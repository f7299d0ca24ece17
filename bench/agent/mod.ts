/**
 * The research agent: a planning, tool-calling, summarising loop over the chat-model port with
 * memory guidance at BEGIN and one refresh, step/token/wall budgets and whole-run retries.
 *
 * @module
 */
export * from "./actions.ts";
export * from "./agent_prompts.ts";
export * from "./agent_step.ts";
export * from "./agent_types.ts";
export * from "./research_agent.ts";
export * from "./offline_agent.ts";
export * from "./offline_reader.ts";
