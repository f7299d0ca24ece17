/**
 * Builders for the provider-level memory tests: the compiled plan of the smallest complete
 * architecture, so each test states only what it varies.
 *
 * @module
 */
import { compileSpec, type Plan } from "../../core/compiler.ts";
import type { StoreKind } from "../../core/space.ts";
import { type ArchitectureSpec, parseSpec } from "../../core/spec.ts";

/**
 * The compiled plan of `tip` encoding into a `json` store, `hybrid` retrieval and `lightweight`
 * management, with embeddings of `embeddingDim` and state under `baseDir`.
 */
export function simplePlan(baseDir = "/nonexistent", embeddingDim = 32): Plan {
  return compileSpec(simpleSpec(), { baseDir, embeddingDim });
}

/** The smallest complete architecture: `tip` / `json` (or `store`) / `hybrid` / `lightweight`. */
export function simpleSpec(store: StoreKind = "json"): ArchitectureSpec {
  const spec = parseSpec({
    schema_version: "1",
    encode: ["tip"],
    store,
    retrieve: "hybrid",
    manage: "lightweight",
  });
  if (!spec.ok) throw new Error(`the simple spec is invalid: ${JSON.stringify(spec.issues)}`);
  return spec.value;
}
