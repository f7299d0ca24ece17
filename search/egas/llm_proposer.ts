/**
 * The LLM proposer (docs/design.md#proposers, docs/design.md#fix-proposer): the reply is parsed
 * leniently, every element is zod-validated, architectures are repaired and checked for novelty,
 * and the model is re-asked with the reasons until `k` valid unseen proposals exist — at most
 * {@linkcode MAX_ATTEMPTS} calls; any shortfall is topped up by the rules proposer and recorded.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { extractJson } from "../../core/json_extract.ts";
import type { ChatMessage, ChatModel } from "../../core/ports.ts";
import { specLabel } from "../../core/spec.ts";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import { proposerVariables } from "./context.ts";
import {
  Admission,
  type ProposalContext,
  type ProposalOutcome,
  type Proposed,
  type Proposer,
} from "./proposal.ts";
import { RulesProposer } from "./rules_proposer.ts";
import { normaliseArchitecture } from "./validator.ts";

/** Model calls per round before the rules top-up. */
export const MAX_ATTEMPTS = 3;

/** One element of the proposer's reply. */
export const ProposalItemSchema = z.object({
  candidate_id: z.union([z.number().int(), z.string()]).optional(),
  hypothesis: z.string().min(1),
  architecture: z.record(z.string(), z.unknown()),
  diversity_role: z.string().min(1).default("exploit"),
  rationale: z.string().default(""),
});

/** The reply: an array of proposals (an object wrapping one under `candidates` is accepted). */
export function proposalItems(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const o = value as Record<string, unknown> | null;
  if (o && typeof o === "object" && Array.isArray(o.candidates)) return o.candidates as unknown[];
  return null;
}

/** The LLM proposer over a (metered) search model. */
export class LlmProposer implements Proposer {
  /** Proposer kind. */
  readonly kind = "llm" as const;
  readonly #model: ChatModel;
  readonly #template: string;

  /** `template` overrides the packaged prompt (`--search_prompt`). */
  constructor(model: ChatModel, template: string = SEARCH_PROMPTS.architecture_search) {
    this.#model = model;
    this.#template = template;
  }

  /** Asks, validates, re-asks, tops up. */
  async propose(ctx: ProposalContext): Promise<ProposalOutcome> {
    const admission = new Admission(ctx);
    const out: Proposed[] = [];
    const rejected: { attempt: number; reason: string }[] = [];
    const messages: ChatMessage[] = [{
      role: "user",
      content: renderTemplate(this.#template, proposerVariables(ctx)),
    }];
    let attempts = 0;
    while (out.length < ctx.k && attempts < MAX_ATTEMPTS) {
      attempts++;
      const reasons: string[] = [];
      let text = "";
      try {
        const reply = await this.#model.chat({
          messages,
          purpose: "proposer",
          signal: ctx.signal,
          temperature: 0.7,
        });
        text = reply.text;
        const parsed = extractJson(text);
        const items = parsed.ok ? proposalItems(parsed.value) : null;
        if (!items) {
          reasons.push(parsed.ok ? "the reply is not a JSON array of proposals" : parsed.error);
        }
        for (const [i, raw] of (items ?? []).entries()) {
          if (out.length >= ctx.k) break;
          const item = ProposalItemSchema.safeParse(raw);
          if (!item.success) {
            reasons.push(
              `element ${i}: ${
                item.error.issues.map((x) => `${x.path.join(".") || "<root>"}: ${x.message}`).join(
                  "; ",
                )
              }`,
            );
            continue;
          }
          const norm = normaliseArchitecture(item.data.architecture);
          if (!norm.ok) {
            reasons.push(
              `element ${i}: invalid architecture: ${norm.issues.map((x) => x.message).join("; ")}`,
            );
            continue;
          }
          const why = admission.reason(norm.spec);
          if (why) {
            reasons.push(`element ${i}: ${why}`);
            continue;
          }
          admission.take(norm.spec);
          out.push({
            architecture: norm.spec,
            hypothesis: item.data.hypothesis,
            diversity_role: item.data.diversity_role,
            rationale: item.data.rationale,
            source: "llm",
            repairs: norm.repairs,
          });
        }
      } catch (error) {
        reasons.push(`model call failed: ${(error as Error).message}`);
      }
      for (const reason of reasons) rejected.push({ attempt: attempts, reason });
      if (out.length < ctx.k) {
        if (text) messages.push({ role: "assistant", content: text });
        messages.push({
          role: "user",
          content: `RETRY: ${out.length} of ${ctx.k} proposals were accepted.` +
            (reasons.length ? ` Rejected: ${reasons.join(" | ")}.` : "") +
            ` Return ONLY a JSON array of ${ctx.k - out.length} more NEW architectures, none of: ${
              [
                ...out.map((p) => specLabel(p.architecture)),
                ...ctx.pareto.archive.map((r) => r.label),
              ].join("; ") || "none"
            }.`,
        });
      }
    }
    let toppedUp = 0;
    if (out.length < ctx.k) {
      const excluded = admission.blocked;
      const rules = await new RulesProposer().propose({ ...ctx, k: ctx.k - out.length, excluded });
      for (const c of rules.candidates) {
        out.push({
          ...c,
          source: "top_up",
          rationale: `Rules top-up after ${attempts} model attempts. ${c.rationale}`,
        });
        toppedUp++;
      }
    }
    return { candidates: out, attempts, rejected, topped_up: toppedUp };
  }
}
