/**
 * The retriever factory: builds the retriever a plan names, reading every parameter from
 * `plan.params` (validated, with the compiler's defaults for absent keys).
 *
 * @module
 */
import type { RetrievePlan } from "../core/compiler.ts";
import { RETRIEVER_KINDS } from "../core/space.ts";
import { createCbrRerankRetriever } from "./cbr_rerank.ts";
import { createContrastiveRetriever } from "./contrastive.ts";
import { RetrieverConfigError } from "./errors.ts";
import { createGraphRetriever } from "./graph.ts";
import { createHybridRetriever } from "./hybrid.ts";
import { createHydeRetriever } from "./hyde.ts";
import { createMmrRetriever } from "./mmr.ts";
import type { Retriever, RetrieverDeps, RetrieverFactory } from "./retriever_port.ts";

/**
 * Builds the retriever for `plan.kind`. Throws a {@linkcode RetrieverConfigError} naming the field
 * for an unknown kind, a bad parameter, or a missing dependency (the graph retriever needs
 * `deps.store.graph`).
 */
export const createRetriever: RetrieverFactory = (
  plan: RetrievePlan,
  deps: RetrieverDeps,
): Retriever => {
  switch (plan.kind) {
    case "hybrid":
      return createHybridRetriever(plan, deps);
    case "contrastive":
      return createContrastiveRetriever(plan, deps);
    case "cbr_rerank":
      return createCbrRerankRetriever(plan, deps);
    case "graph":
      return createGraphRetriever(plan, deps);
    case "hyde":
      return createHydeRetriever(plan, deps);
    case "mmr":
      return createMmrRetriever(plan, deps);
    default:
      throw new RetrieverConfigError(
        "unknown_retriever",
        "kind",
        `unknown retriever '${String(plan.kind)}'; expected one of ${RETRIEVER_KINDS.join(", ")}`,
      );
  }
};
