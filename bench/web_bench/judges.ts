/**
 * The judges of the web benchmarks. Each returns a {@linkcode WebJudgeOutcome} and never throws:
 * a judge that cannot decide yields status `error`, which the runner records as an unjudged task
 * (its memory is not ingested) instead of failing the run.
 *
 * - GAIA: the official scorer decides (`gaia/scorer.ts`, the leaderboard's rules); GAIA's authors
 *   use no judge model. Only with the `judge` scorer does a judge model re-grade what the scorer
 *   rejects (`prompts/gaia_judge.md`), and the scorer's own verdict is kept beside it as
 *   `official`, so reports show both.
 * - WebWalkerQA: the judge model checks the response against the correct answer
 *   (`prompts/webwalker_judge.md`); without one, the offline rule judge decides.
 * - xBench-DeepSearch: the normalised text after a `最终答案` / `final answer` label (or the whole
 *   response) equal to the normalised gold answer is correct with no call; otherwise a grader
 *   prompt (`prompts/xbench_judge.md`) must end with `结论: 正确|错误` — the last such line wins; a
 *   reply that echoes the template is retried once and then counts as a judge error.
 *
 * When a GAIA or WebWalkerQA judge model fails, an exact match after light normalisation
 * (case, white space, surrounding quotes and full stops) still counts as correct
 * (`fallback: "exact_match"`).
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { ChatModel } from "../../core/ports.ts";
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import { errorMessage } from "../errors.ts";
import { ruleJudge } from "../judge.ts";
import { gaiaScore } from "../gaia/scorer.ts";
import gaiaTemplate from "../../prompts/gaia_judge.md" with { type: "text" };
import webwalkerTemplate from "../../prompts/webwalker_judge.md" with { type: "text" };
import xbenchTemplate from "../../prompts/xbench_judge.md" with { type: "text" };

/** A judge's decision. */
export interface WebJudgeOutcome {
  /** Null when no verdict was reached (`status: "error"`). */
  verdict: "correct" | "incorrect" | null;
  /** `judged` by a model, `rule` offline, `error` when the judge could not decide. */
  status: "judged" | "rule" | "error";
  reason: string;
  /** Set when a failed model judge was rescued by exact match. */
  fallback?: "exact_match";
  /**
   * The benchmark's official metric when it differs from `verdict`'s method (GAIA's scorer under
   * the `judge` scorer); absent when `verdict` is the official metric.
   */
  official?: "correct" | "incorrect";
  promptTokens: number;
  completionTokens: number;
}

/** What a judge sees. */
export interface WebJudgeInput {
  question: string;
  expected: string;
  predicted: string;
}

/**
 * How answers are graded: `official` as the benchmark's authors grade (GAIA's scorer; the LLM
 * judges of WebWalkerQA and xBench, which their authors use), `judge` adds a judge model for GAIA.
 */
export type WebScorer = "official" | "judge";

/** The scorer names as the CLI spells them. */
export const WEB_SCORERS: readonly WebScorer[] = ["official", "judge"];

/** A model's equivalence verdict (GAIA, WebWalkerQA). */
export const EquivalenceVerdictSchema = z.object({
  rationale: z.string().default(""),
  judgement: z.enum(["correct", "incorrect"]),
});

const rule = (verdict: boolean, reason: string): WebJudgeOutcome => ({
  verdict: verdict ? "correct" : "incorrect",
  status: "rule",
  reason,
  promptTokens: 0,
  completionTokens: 0,
});

/** Lower case, collapsed white space, surrounding spaces, full stops and quotes removed. */
export function lightNormalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").replace(/^[\s.。'"]+|[\s.。'"]+$/g, "");
}

async function equivalence(
  model: ChatModel,
  template: string,
  input: WebJudgeInput,
  purpose: string,
  signal?: AbortSignal,
): Promise<WebJudgeOutcome> {
  try {
    const reply = await model.chat({
      messages: [{ role: "user", content: renderPrompt(template, { ...input }) }],
      schema: EquivalenceVerdictSchema,
      schemaName: "judge_verdict",
      purpose,
      temperature: 0,
      maxTokens: 400,
      signal,
    });
    return {
      verdict: reply.json!.judgement,
      status: "judged",
      reason: reply.json!.rationale,
      promptTokens: reply.usage.promptTokens,
      completionTokens: reply.usage.completionTokens,
    };
  } catch (e) {
    if (lightNormalize(input.predicted) === lightNormalize(input.expected)) {
      return {
        ...rule(true, `judge failed (${errorMessage(e)}); exact match`),
        fallback: "exact_match",
      };
    }
    return {
      verdict: null,
      status: "error",
      reason: `judge failed: ${errorMessage(e)}`,
      promptTokens: 0,
      completionTokens: 0,
    };
  }
}

/** GAIA: the official scorer; a judge model only under the `judge` scorer (module doc). */
export async function judgeGaia(
  input: WebJudgeInput,
  model?: ChatModel,
  signal?: AbortSignal,
  scorer: WebScorer = "official",
): Promise<WebJudgeOutcome> {
  if (input.predicted.trim() === "") return rule(false, "empty prediction");
  if (gaiaScore(input.predicted, input.expected)) {
    return rule(true, "matches under GAIA's official scorer");
  }
  const rejected = rule(false, "does not match under GAIA's official scorer");
  if (scorer === "official" || !model) return rejected;
  const judged = await equivalence(model, gaiaTemplate, input, "judge_gaia", signal);
  return { ...judged, official: "incorrect" };
}

/** WebWalkerQA: model judge, or the offline rule judge without a model. */
export async function judgeWebWalker(
  input: WebJudgeInput,
  model?: ChatModel,
  signal?: AbortSignal,
): Promise<WebJudgeOutcome> {
  if (input.predicted.trim() === "") return rule(false, "empty prediction");
  if (!model) {
    const r = ruleJudge(input.predicted, input.expected);
    return rule(r.verdict === "correct", r.reason);
  }
  return await equivalence(model, webwalkerTemplate, input, "judge_webwalker", signal);
}

const PUNCT_EDGES =
  /^[\s"'“”‘’`.,;:!?。，；：！？、（）()【】\[\]《》<>「」『』-]+|[\s"'“”‘’`.,;:!?。，；：！？、（）()【】\[\]《》<>「」『』-]+$/g;

/** xBench's fast-path normalisation: NFKC, edge punctuation and quotes removed, lower case. */
export function xbenchNormalize(text: string): string {
  return text.normalize("NFKC").replace(PUNCT_EDGES, "").toLowerCase();
}

/** The text after the last `最终答案` / `final answer` label, or the whole response. */
export function xbenchExtract(response: string): string {
  const labels = [...response.matchAll(/(?:最终答案|final answer)\s*[:：]?\s*(.*)/gi)];
  const last = labels.at(-1);
  return last && last[1].trim() !== "" ? last[1].trim() : response.trim();
}

const ECHO = ["<从回答中提取的最终答案>", "<简短说明>", "正确 或 错误"];

/** The last `结论 … 正确|错误` verdict of a grader reply (at most 15 characters apart). */
export function xbenchVerdict(reply: string): "correct" | "incorrect" | null {
  const hits = [...reply.matchAll(/结论[\s\S]{0,15}?(正确|错误)/g)];
  const last = hits.at(-1);
  return last ? (last[1] === "正确" ? "correct" : "incorrect") : null;
}

/** xBench: exact-match fast path, then the Chinese grader (see the module doc). */
export async function judgeXbench(
  input: WebJudgeInput,
  model?: ChatModel,
  signal?: AbortSignal,
): Promise<WebJudgeOutcome> {
  const extracted = xbenchExtract(input.predicted);
  if (extracted === "") return rule(false, "empty prediction");
  if (xbenchNormalize(extracted) === xbenchNormalize(input.expected)) {
    return rule(true, "normalised exact match");
  }
  if (!model) return rule(false, "no normalised exact match and no judge model");
  let prompt = 0;
  let completion = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      const reply = await model.chat({
        messages: [{ role: "user", content: renderPrompt(xbenchTemplate, { ...input }) }],
        purpose: "judge_xbench",
        temperature: 0,
        maxTokens: 4096,
        signal,
      });
      prompt += reply.usage.promptTokens;
      completion += reply.usage.completionTokens;
      text = reply.text;
    } catch (e) {
      return {
        verdict: null,
        status: "error",
        reason: `judge failed: ${errorMessage(e)}`,
        promptTokens: prompt,
        completionTokens: completion,
      };
    }
    if (ECHO.some((p) => text.includes(p))) continue;
    const verdict = xbenchVerdict(text);
    return verdict
      ? {
        verdict,
        status: "judged",
        reason: "grader conclusion",
        promptTokens: prompt,
        completionTokens: completion,
      }
      : {
        verdict: null,
        status: "error",
        reason: "the grader reply has no 结论 line",
        promptTokens: prompt,
        completionTokens: completion,
      };
  }
  return {
    verdict: null,
    status: "error",
    reason: "the grader echoed its template twice",
    promptTokens: prompt,
    completionTokens: completion,
  };
}
