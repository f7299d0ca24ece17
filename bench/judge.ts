/**
 * Answer judges. The rule judge compares normalised strings offline: lower case, NFKC, punctuation
 * and the articles a/an/the removed, white space collapsed; a prediction is correct when it equals
 * a gold answer or, for gold answers of two or more words, contains one on word boundaries. The
 * model judge asks a judge model (prompt `prompts/judge.md`) for `{verdict, reason}`, validated by
 * {@linkcode JudgeVerdictSchema}. An empty prediction is incorrect without a call; when the model
 * fails, the rule judge rescues exact matches and anything else is a judge `error`.
 *
 * @module
 */
import type { TaskResult } from "./benchmark_port.ts";
import { z } from "../core/zod.ts";
import type { ChatModel } from "../core/ports.ts";
import { renderPrompt } from "../retrieval/render_prompt.ts";
import template from "../prompts/judge.md" with { type: "text" };

/** The judge model's reply. */
export const JudgeVerdictSchema = z.object({
  verdict: z.enum(["correct", "incorrect"]),
  reason: z.string(),
});

/** A validated judge reply. */
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;

/** What a judge decided and how. */
export interface JudgeOutcome {
  /** Null when no verdict could be reached (`status: "error"`). */
  verdict: "correct" | "incorrect" | null;
  /** `judged` by a model, `rule` by string matching, `error` when the model failed. */
  status: "judged" | "rule" | "error";
  reason: string;
  promptTokens: number;
  completionTokens: number;
}

/** Normalises an answer for matching (see the module doc). */
export function normalizeAnswer(text: string): string {
  return text.normalize("NFKC").toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The rule judge: normalised equality, or containment of a multi-word gold answer. */
export function ruleJudge(predicted: string, expected: string | readonly string[]): JudgeOutcome {
  const p = normalizeAnswer(predicted);
  const golds = (typeof expected === "string" ? [expected] : expected).map(normalizeAnswer)
    .filter((g) => g !== "");
  const hit = p !== "" &&
    golds.find((g) => g === p || (g.includes(" ") && ` ${p} `.includes(` ${g} `)));
  return {
    verdict: hit ? "correct" : "incorrect",
    status: "rule",
    reason: hit
      ? `matches the gold answer '${hit}' after normalisation`
      : p === ""
      ? "empty prediction"
      : "no gold answer matches after normalisation",
    promptTokens: 0,
    completionTokens: 0,
  };
}

/** What the model judge needs. */
export interface JudgeInput {
  question: string;
  expected: string;
  predicted: string;
}

/** Asks `model` for a verdict; see the module doc for the fallbacks. Never throws. */
export async function modelJudge(
  model: ChatModel,
  input: JudgeInput,
  signal?: AbortSignal,
): Promise<JudgeOutcome> {
  if (normalizeAnswer(input.predicted) === "") return ruleJudge(input.predicted, input.expected);
  try {
    const reply = await model.chat({
      messages: [{ role: "user", content: renderPrompt(template, { ...input }) }],
      schema: JudgeVerdictSchema,
      schemaName: "judge_verdict",
      purpose: "judge",
      temperature: 0,
      maxTokens: 200,
      signal,
    });
    return {
      verdict: reply.json!.verdict,
      status: "judged",
      reason: reply.json!.reason,
      promptTokens: reply.usage.promptTokens,
      completionTokens: reply.usage.completionTokens,
    };
  } catch (e) {
    const rescue = ruleJudge(input.predicted, input.expected);
    const why = e instanceof Error ? e.message : String(e);
    if (rescue.verdict === "correct") {
      return { ...rescue, reason: `judge failed (${why}); ${rescue.reason}` };
    }
    return {
      verdict: null,
      status: "error",
      reason: `judge failed: ${why}`,
      promptTokens: 0,
      completionTokens: 0,
    };
  }
}

/**
 * Judges an answer (the model judge when one is given, else the rule judge) and records the
 * verdict, judge tokens and score on `result`. Returns the judge's outcome (`verdict` null when
 * no verdict was reached).
 */
export async function judgeInto(
  result: TaskResult,
  judge: ChatModel | undefined,
  input: JudgeInput,
  signal?: AbortSignal,
): Promise<JudgeOutcome> {
  const verdict = judge
    ? await modelJudge(judge, input, signal)
    : ruleJudge(input.predicted, input.expected);
  if (verdict.status === "judged") {
    result.tokens.judge = { prompt: verdict.promptTokens, completion: verdict.completionTokens };
  }
  result.judge_status = verdict.status;
  if (verdict.verdict === null) {
    result.error = verdict.reason;
    return verdict;
  }
  result.success = verdict.verdict === "correct";
  result.score = result.success ? 1 : 0;
  return verdict;
}
