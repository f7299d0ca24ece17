/**
 * automem's library surface. Layers, in the one direction imports flow:
 *
 * - `core`: the architecture space, spec contract and compiler, units, configuration, and the
 *   ports (chat model, embedder, clock, random source) with their adapters;
 * - `stores`: the five memory stores behind one port;
 * - `retrieval`: the six retrievers and the query planner;
 * - `memory`: encoders, management, the runtime and the provider lifecycle (`openMemory`);
 * - `bench`: task sources (`world`, `locomo`, task files);
 * - `search`: the EGAS/FGMD search loop (`runSearch`) and sweeps (`runSweep`);
 * - `server` and `report`: read-only views of run directories.
 *
 * @example
 * ```ts
 * import { compileSpec, parseSpec } from "./mod.ts";
 * const parsed = parseSpec({ schema_version: "1", encode: "tip", store: "json", retrieve: "hybrid", manage: "lightweight" });
 * if (parsed.ok) console.log(compileSpec(parsed.value, { baseDir: "./storage" }).store.dir);
 * ```
 *
 * @module
 */
export * from "./core/mod.ts";
export * from "./stores/mod.ts";
export * from "./retrieval/mod.ts";
export * from "./memory/mod.ts";
export * from "./bench/mod.ts";
export * from "./search/mod.ts";
export * from "./report/mod.ts";
export { createApp } from "./server/app.ts";
export { serve, ServeError } from "./server/serve.ts";
