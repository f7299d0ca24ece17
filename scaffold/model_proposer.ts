/**
 * The SEARCH-role meta-model: shown the current scaffold, trace statistics, per-episode results
 * and the history, it returns a complete revised scaffold as JSON. The reply is validated by the
 * scaffold schema and must be structural; otherwise the attempt fails with a recorded reason.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import type { ChatModel } from "../core/ports.ts";
import evolvePrompt from "../prompts/scaffold_evolve.md" with { type: "text" };
import { fillTemplate } from "./prompts.ts";
import type { Proposal } from "./rules_proposer.ts";
import { isStructural } from "./rules_proposer.ts";
import { parseScaffoldSpec, type ScaffoldSpec } from "./spec.ts";
import type { TraceStats } from "./trace_stats.ts";

const ReplySchema = z.object({
  analysis: z.string(),
  description: z.string(),
  spec: z.record(z.string(), z.unknown()),
});

/** What the model proposer is shown. */
export interface ModelProposerInput {
  spec: ScaffoldSpec;
  stats: TraceStats;
  episodes: string;
  history: string;
  continuation?: string;
  nextName: string;
  signal?: AbortSignal;
}

/** A proposal or the reason there is none. */
export type ModelProposal = { ok: true; proposal: Proposal } | { ok: false; reason: string };

/** Asks the SEARCH model for a revision. */
export async function modelProposal(
  model: ChatModel,
  input: ModelProposerInput,
): Promise<ModelProposal> {
  const prompt = fillTemplate(evolvePrompt, {
    env: input.spec.env,
    spec: JSON.stringify(input.spec, null, 2),
    stats: JSON.stringify(input.stats, null, 2),
    episodes: input.episodes,
    history: input.history || "(none)",
    continuation: input.continuation
      ? `This is a CONTINUATION of a rejected proposal; improve on it:\n${input.continuation}`
      : "",
  });
  const res = await model.chat({
    messages: [{ role: "user", content: prompt }],
    schema: ReplySchema,
    schemaName: "scaffold_revision",
    purpose: "scaffold_evolve",
    signal: input.signal,
  });
  const reply = res.json!;
  const parsed = parseScaffoldSpec({ ...reply.spec, name: input.nextName, env: input.spec.env });
  if (!parsed.ok) {
    const first = parsed.issues[0];
    return {
      ok: false,
      reason: `invalid spec at ${first.path.join(".") || "<root>"}: ${first.message}`,
    };
  }
  if (!isStructural(input.spec, parsed.value)) {
    return { ok: false, reason: "not a structural change (only prompt wording differs)" };
  }
  return {
    ok: true,
    proposal: {
      spec: parsed.value,
      analysis: reply.analysis,
      description: reply.description,
      changes: ["model"],
    },
  };
}
