/**
 * What the scripted agent reads of one guidance: the guidance text itself and, for every unit it
 * cites (`unit_ids`, the `[memory:<id>]` citations), that unit's stored text and encode type as
 * the provider's trace recorded them. Guidance text alone is often a formatted summary (a
 * trajectory's raw steps are hidden from it), so following a citation is how the agent gets the
 * details, as a model agent would by reading the cited memory. Both texts are charged as prompt
 * tokens: the guidance at its own `tokens`, each cited text at `estimateTokens(text)`.
 *
 * @module
 */
import { estimateTokens } from "../../core/usage.ts";
import type { Guidance, TaskTrace } from "../../memory/provider_port.ts";
import type { MemorySource } from "./knowledge.ts";

/** Sources to read and their prompt-token cost. */
export interface GuidanceReading {
  sources: MemorySource[];
  tokens: number;
}

/** Reads a guidance and the units it cites (looked up in `trace`, when given). */
export function readGuidance(guidance: Guidance, trace: TaskTrace | undefined): GuidanceReading {
  const retrieval = trace?.retrievals.filter((r) => r.phase === guidance.phase).at(-1);
  const sources: MemorySource[] = [];
  let tokens = guidance.tokens;
  for (const id of guidance.unit_ids) {
    const c = retrieval?.candidates.find((x) => x.id === id);
    if (c && c.text.trim()) {
      sources.push({ id, type: c.type, text: c.text });
      tokens += estimateTokens(c.text);
    }
  }
  const only = guidance.unit_ids.length === 1
    ? sources.find((s) => s.id === guidance.unit_ids[0])
    : undefined;
  sources.push({ id: only?.id, type: only?.type ?? "unknown", text: guidance.text });
  return { sources, tokens };
}
