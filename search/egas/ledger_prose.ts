/**
 * The one model step of the ledger: phrasing claims and questions for changes whose numbers
 * code already computed (prompt `prompts/ledger_update.md`). Keys the model invents are ignored,
 * so it can only reword, never add evidence.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { ChatModel } from "../../core/ports.ts";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import type { LedgerDelta } from "./ledger.ts";
import { renderLedger } from "./ledger_view.ts";
import type { Ledger } from "./schemas.ts";

/** The model's reply: prose keyed by the change keys it was given. */
export const LedgerReplySchema = z.object({
  claims: z.array(z.object({ key: z.string(), claim: z.string().min(1) })).default([]),
  questions: z.array(z.object({
    key: z.string(),
    question: z.string().min(1),
    recommended_test: z.string().min(1),
  })).default([]),
});

/** Rewords a delta's claims and questions with the diagnosis model; on any failure returns it unchanged. */
export async function phraseDelta(
  delta: LedgerDelta,
  ledger: Ledger,
  model: ChatModel,
  signal?: AbortSignal,
): Promise<{ delta: LedgerDelta; ok: boolean }> {
  if (!delta.new_principles.length && !delta.new_questions.length) return { delta, ok: true };
  try {
    const reply = await model.chat({
      messages: [{
        role: "user",
        content: renderTemplate(SEARCH_PROMPTS.ledger_update, {
          round_id: delta.round,
          new_principles_json: delta.new_principles,
          open_changes_json: delta.new_questions,
          ledger: renderLedger(ledger, false),
        }),
      }],
      schema: LedgerReplySchema,
      schemaName: "ledger_update",
      purpose: "ledger_update",
      signal,
    });
    const out = structuredClone(delta);
    const keys = new Set(delta.new_principles.map((p) => p.key));
    for (const c of reply.json!.claims) {
      if (keys.has(c.key)) out.claims[c.key] = c.claim.slice(0, 300);
    }
    for (const q of reply.json!.questions) {
      const target = out.new_questions.find((x) => x.key === q.key);
      if (target) {
        target.question = q.question.slice(0, 300);
        target.recommended_test = q.recommended_test.slice(0, 300);
      }
    }
    return { delta: out, ok: true };
  } catch {
    return { delta, ok: false };
  }
}
