/**
 * Rule attribution of one task (docs/design.md#fgmd-rules, fixed): scope gates, answer-format gates
 * and the memory decision tree, read from the provider's trace (retrieved candidates with text,
 * injected ids) and judged against the round-start pool. Additions: `store_unreachable` (relevant
 * units are in the pool the candidate imported, but its store's search returned nothing at all),
 * `judge_format_mismatch` (the judge could not score), and an empty pool is an extraction gap
 * rather than a domain gap.
 *
 * @module
 */
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import { DOMAIN_GAP_SCORE, type RelevanceIndex, relevanceThreshold } from "./relevance.ts";
import type { AttributionLabel, TaskAttribution } from "./schemas.ts";

/** Everything the rules read for one task. */
export interface TaskEvidence {
  task: BenchTask;
  result: TaskResult;
  /** Index over the round-start pool units this candidate imported. */
  pool: RelevanceIndex;
  /** Unit states at the end of the candidate's run (for staleness and confidence). */
  units: ReadonlyMap<string, MemoryUnit>;
  maxSteps: number;
}

const NOT_FOUND =
  /\b(unable to find|could not find|couldn't find|not found|404|no results?|cannot access|can't access)\b/i;
const CANNOT_VIEW = /\b(cannot|can't|unable to|could not) (view|see|open|process|read|listen)\b/i;
const MEDIA = /\.(png|jpe?g|gif|bmp|webp|mp3|wav|m4a|mp4|mov|avi)$/i;
const TIME_WORDS =
  /\b(year|years|month|months|day|days|week|weeks|hour|hours|decade|century|since|between|until)\b/i;

function numeric(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim().replace(/,/g, "");
  return /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?%?$/i.test(t) ? Number(t.replace("%", "")) : null;
}

/** Ratcliff/Obershelp similarity of two strings (difflib `SequenceMatcher.ratio`). */
export function similarity(a: string, b: string): number {
  // Answers are short; the cap keeps this cubic matcher cheap on a pathological one.
  a = a.slice(0, 200);
  b = b.slice(0, 200);
  if (!a.length && !b.length) return 1;
  const matches = (x: string, y: string): number => {
    if (!x.length || !y.length) return 0;
    let best = 0, bi = 0, bj = 0;
    for (let i = 0; i < x.length; i++) {
      for (let j = 0; j < y.length; j++) {
        let k = 0;
        while (i + k < x.length && j + k < y.length && x[i + k] === y[j + k]) k++;
        if (k > best) [best, bi, bj] = [k, i, j];
      }
    }
    if (best === 0) return 0;
    return best + matches(x.slice(0, bi), y.slice(0, bj)) +
      matches(x.slice(bi + best), y.slice(bj + best));
  };
  return (2 * matches(a, b)) / (a.length + b.length);
}

function expectedOf(task: BenchTask): string | undefined {
  const m = task.metadata ?? {};
  for (const k of ["answer", "expected", "golden_answer"]) {
    if (typeof m[k] === "string") return m[k] as string;
  }
  return undefined;
}

/** Attributes one task to a single label, with the numbers that decided it. */
export function attributeTask(ev: TaskEvidence): TaskAttribution {
  const { task, result } = ev;
  const scores = ev.pool.scorePool(task.text);
  const threshold = relevanceThreshold(scores.map((s) => s.score));
  const poolMatches = scores.filter((s) => s.score >= threshold).length;
  const maxPool = scores.reduce((m, s) => Math.max(m, s.score), 0);
  const retrievals = result.trace?.retrievals ?? [];
  const candidates = retrievals.flatMap((r) => r.candidates);
  const injectedIds = [...new Set(retrievals.flatMap((r) => r.injected_ids))];
  const textOf = new Map(candidates.map((c) => [c.id, c.text]));
  const injectedText = injectedIds.map((id) => textOf.get(id) ?? "").join("\n");
  const injectedRelevant = injectedIds.length > 0 &&
    ev.pool.scoreText(task.text, injectedText) >= threshold;
  const candidateRelevant = candidates.some((c) =>
    ev.pool.scoreText(task.text, c.text) >= threshold
  );
  const nums = `pool_matches=${poolMatches}/${ev.pool.size} max=${maxPool.toFixed(3)} ` +
    `thr=${threshold.toFixed(3)} candidates=${candidates.length} injected=${injectedIds.length}`;
  const out = (attribution: AttributionLabel, why: string): TaskAttribution => ({
    task_id: task.id,
    score: result.score,
    attribution,
    evidence: `${why} (${nums})`,
    pool_matches: poolMatches,
    max_pool_score: Math.round(maxPool * 1e4) / 1e4,
    retrieved_count: candidates.length,
    injected_count: injectedIds.length,
    reasoning_subclass: null,
  });

  if (result.score >= 1 - 1e-9) return out("success", "task solved");
  if (result.error) return out("infra_error", `task errored: ${result.error.slice(0, 120)}`);
  if (result.judge_status === "error") {
    return out("judge_format_mismatch", "the judge could not score the answer");
  }

  const answer = result.answer ?? "";
  const expected = expectedOf(task);
  const a = numeric(answer), g = numeric(expected);
  if (a !== null && g !== null && g !== 0 && Math.abs(a - g) / Math.abs(g) < 0.05) {
    return out("numeric_precision", `answer ${a} within 5% of ${g}`);
  }
  if (
    a !== null && g !== null && g !== 0 && TIME_WORDS.test(task.text) &&
    (a / g >= 3 || a / g <= 1 / 3)
  ) {
    return out("time_range_mismatch", `answer ${a} vs ${g} on a time question`);
  }
  if (
    expected !== undefined && answer &&
    similarity(answer.toLowerCase(), expected.toLowerCase()) >= 0.7
  ) {
    return out("near_miss", "answer nearly matches the expected one");
  }

  const injectedUnits = injectedIds.map((id) => ev.units.get(id)).filter((u): u is MemoryUnit =>
    !!u
  );
  if (injectedRelevant) {
    const stale = injectedUnits.filter((u) =>
      !u.is_active || u.conflict_count > 0 || u.superseded_by
    );
    if (stale.length) {
      return out(
        "memory_stale",
        `${stale.length} injected unit(s) inactive, conflicting or superseded`,
      );
    }
    const conf = injectedUnits.length
      ? injectedUnits.reduce((s, u) => s + u.confidence, 0) / injectedUnits.length
      : 1;
    if (conf < 0.5) {
      return out(
        "extraction_low_quality",
        `relevant memory injected with mean confidence ${conf.toFixed(2)}`,
      );
    }
    const used = result.trace?.end?.used_unit_ids;
    if (used && used.length === 0) {
      return out("injection_bad", "relevant memory injected but the agent used none of it");
    }
  }
  if (result.steps >= 0.95 * ev.maxSteps) {
    return out("budget_capped", `${result.steps} steps of ${ev.maxSteps}`);
  }
  if (NOT_FOUND.test(answer)) {
    return out("tool_failure", "the answer admits the information was not found");
  }
  const file = task.metadata?.file_name;
  if (typeof file === "string" && MEDIA.test(file) && CANNOT_VIEW.test(answer)) {
    return out("multimodal_failure", `could not process attachment ${file}`);
  }
  if (injectedIds.length && !injectedRelevant) {
    return out("retrieval_noise", "injected memory is not relevant to the task");
  }
  if (ev.pool.size === 0) {
    return out("extraction_gap", "the pool holds no units of the encoded types");
  }
  if (maxPool < DOMAIN_GAP_SCORE) {
    return out("domain_knowledge_gap", "no pool unit is even weakly on topic");
  }
  if (injectedRelevant) {
    return out("reasoning_error", "relevant memory was injected and the task still failed");
  }
  if (candidates.length && candidateRelevant) {
    return out("judge_rejected_all", "relevant candidates were retrieved but none injected");
  }
  if (poolMatches === 0) {
    return out("extraction_gap", "nothing in the pool passes the relevance threshold");
  }
  if (candidates.length === 0) {
    return out(
      "store_unreachable",
      "relevant units are in the imported pool but the store's search returned nothing",
    );
  }
  return out("retrieval_miss_topk", "relevant units exist but the retriever surfaced other ones");
}
