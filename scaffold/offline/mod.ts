/**
 * The offline stand-ins of the scaffold's model roles: a scripted memory policy (LOG), a
 * scripted game policy (PLAN) that acts on what it reads from memory, and the model that routes
 * between them.
 *
 * @module
 */
export * from "./game_policy.ts";
export * from "./memory_policy.ts";
export * from "./prompt_facts.ts";
export * from "./scripted_scaffold_model.ts";
