/**
 * automem's core: the architecture space and spec contract, the compiler, units and trajectories,
 * configuration (the only environment reader), and the ports through which every side effect
 * enters (chat model, embedder, clock, random source), with their adapters.
 *
 * @module
 */
export * from "./atomic_write.ts";
export * from "./automem_error.ts";
export * from "./cached_embedder.ts";
export * from "./canonical_json.ts";
export * from "./clock.ts";
export * from "./compiler.ts";
export * from "./config.ts";
export * from "./file_lock.ts";
export * from "./fs_port.ts";
export * from "./hash_embedder.ts";
export * from "./infra_fault.ts";
export * from "./interrupts.ts";
export * from "./median.ts";
export * from "./issues.ts";
export * from "./json_extract.ts";
export * from "./openai_adapter.ts";
export * from "./ports.ts";
export * from "./presets.ts";
export * from "./read_if_exists.ts";
export * from "./redact_url.ts";
export * from "./secret_values.ts";
export * from "./response_cache.ts";
export * from "./rng.ts";
export * from "./runtime_policy.ts";
export * from "./scripted_model.ts";
export * from "./serial_queue.ts";
export * from "./shared_resource.ts";
export * from "./space.ts";
export * from "./spec.ts";
export * from "./strict_json.ts";
export * from "./token_cap.ts";
export * from "./trajectory.ts";
export * from "./unit.ts";
export * from "./usage.ts";
export * from "./vectors.ts";
export * from "./version.ts";
export * from "./word_vector_embedder.ts";
export * from "./word_vector_table.ts";
export * from "./word_vector_neighbours.ts";
