/**
 * FGMD for one candidate: rule attribution of every task, the computed summary, layer status
 * and verdict, then — only when a diagnosis model is configured — the LLM stages: reasoning-error
 * sub-classification (with the reference's reclassification), layer prose and verdict prose.
 * Model failures skip a stage and are recorded; they never fail the candidate.
 *
 * @module
 */
import type { BenchTask, TaskResult } from "../../bench/benchmark_port.ts";
import type { ChatModel } from "../../core/ports.ts";
import { type ArchitectureSpec, specLabel } from "../../core/spec.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import type { MoveContext } from "../egas/moves.ts";
import { renderTemplate, SEARCH_PROMPTS } from "../prompts.ts";
import { BASE_THRESHOLD, RelevanceIndex } from "./relevance.ts";
import { attributeTask } from "./rules.ts";
import {
  type AttributionFile,
  LayerReplySchema,
  REASONING_SUBCLASSES,
  SubclassReplySchema,
  SynthesisReplySchema,
  type TaskAttribution,
} from "./schemas.ts";
import { buildVerdict, layerStatus, summarise } from "./verdict.ts";

/** At most this many reasoning errors are sub-classified per candidate (reference). */
export const MAX_SUBCLASS_CALLS = 12;

/** Reasoning sub-classes that become answer-format labels (docs/design.md#fgmd-reasoning). */
export const RECLASSIFY: Readonly<Record<string, string>> = {
  unit_or_format_mismatch: "near_miss",
  numeric_calculation_error: "numeric_precision",
  time_range_misinterpretation: "time_range_mismatch",
};

/** Inputs of one candidate's diagnosis. */
export interface DiagnoseInput {
  configId: string;
  spec: ArchitectureSpec;
  tasks: ReadonlyMap<string, BenchTask>;
  results: readonly TaskResult[];
  /** Round-start pool units this candidate imported (relevance is judged against them). */
  poolUnits: readonly MemoryUnit[];
  /** The candidate's units after its run (staleness, confidence). */
  finalUnits: readonly MemoryUnit[];
  maxSteps: number;
  moveCtx: MoveContext;
  previousPrimary: string | null;
  /** Metered diagnosis model; absent offline. */
  model?: ChatModel;
  /** Recent round aggregates for the layer prompt. */
  trend?: unknown;
  signal?: AbortSignal;
}

function clip(s: string | undefined, n: number): string {
  return (s ?? "").slice(0, n);
}

/** Runs FGMD for one candidate and returns its `attribution.json`. */
export async function diagnoseCandidate(input: DiagnoseInput): Promise<AttributionFile> {
  const pool = new RelevanceIndex(input.poolUnits);
  const units = new Map(input.finalUnits.map((u) => [u.id, u]));
  const per: TaskAttribution[] = input.results.map((result) =>
    attributeTask({
      task: input.tasks.get(result.task_id)!,
      result,
      pool,
      units,
      maxSteps: input.maxSteps,
    })
  );
  const stages: string[] = [];
  const subclasses: Record<string, number> = {};
  const model = input.model;
  if (model) {
    const reasoning = per.filter((p) => p.attribution === "reasoning_error")
      .sort((a, b) => (a.task_id < b.task_id ? -1 : 1)).slice(0, MAX_SUBCLASS_CALLS);
    let failed = 0;
    for (const p of reasoning) {
      const task = input.tasks.get(p.task_id)!;
      const result = input.results.find((r) => r.task_id === p.task_id)!;
      const injected = (result.trace?.retrievals ?? []).flatMap((r) => r.candidates)
        .filter((c) => result.trace!.retrievals.some((r) => r.injected_ids.includes(c.id)));
      try {
        const reply = await model.chat({
          messages: [{
            role: "user",
            content: renderTemplate(SEARCH_PROMPTS.diagnosis_reasoning, {
              question: clip(task.text, 240),
              expected: clip(String(task.metadata?.answer ?? ""), 120),
              answer: clip(result.answer, 200),
              steps: result.steps,
              memory: clip(injected.map((c) => c.text).join(" | "), 400),
            }),
          }],
          schema: SubclassReplySchema,
          schemaName: "reasoning_subclass",
          purpose: "diagnosis_subclass",
          signal: input.signal,
        });
        const sub = (REASONING_SUBCLASSES as readonly string[]).includes(reply.json!.subclass)
          ? reply.json!.subclass
          : "true_reasoning_error";
        p.reasoning_subclass = sub;
        subclasses[sub] = (subclasses[sub] ?? 0) + 1;
        if (RECLASSIFY[sub]) {
          p.attribution = RECLASSIFY[sub];
          p.evidence = `[reclassified from reasoning_error: ${sub}] ${p.evidence}`;
        }
      } catch {
        failed++;
      }
    }
    if (reasoning.length) stages.push(failed ? `subclass:${failed}_failed` : "subclass");
  }
  const summary = summarise(per, input.results);
  const layers = layerStatus(summary, input.spec, input.moveCtx);
  const verdict = buildVerdict(per, summary, input.spec, input.moveCtx, input.previousPrimary);
  const evidence: Record<string, string[]> = {};
  for (const p of per) {
    if (p.attribution === "success") continue;
    (evidence[p.attribution] ??= []).push(p.task_id);
  }
  for (const k of Object.keys(evidence)) evidence[k] = evidence[k].sort().slice(0, 3);
  if (model && summary.failure_count > 0) {
    try {
      const reply = await model.chat({
        messages: [{
          role: "user",
          content: renderTemplate(SEARCH_PROMPTS.diagnosis_layers, {
            architecture: specLabel(input.spec),
            layer_metrics_json: summary.layer_metrics,
            breakdown_json: Object.fromEntries(
              Object.entries(summary.breakdown).filter(([, n]) => n > 0),
            ),
            layer_status_json: layers,
            evidence_json: evidence,
            trend_json: input.trend ?? [],
          }),
        }],
        schema: LayerReplySchema,
        schemaName: "layer_diagnosis",
        purpose: "diagnosis_layers",
        signal: input.signal,
      });
      for (const layer of ["encode", "store", "retrieve", "manage"] as const) {
        layers[layer] = { ...layers[layer], ...reply.json![layer] };
      }
      stages.push("layers");
    } catch {
      stages.push("layers:failed");
    }
    try {
      const reply = await model.chat({
        messages: [{
          role: "user",
          content: renderTemplate(SEARCH_PROMPTS.diagnosis_candidate, {
            verdict_json: verdict,
            rule_diagnosis: summary.rule_diagnosis,
            layer_json: layers,
            evidence_json: verdict.evidence_task_ids,
          }),
        }],
        schema: SynthesisReplySchema,
        schemaName: "candidate_synthesis",
        purpose: "diagnosis_synthesis",
        signal: input.signal,
      });
      verdict.reasoning = reply.json!.reasoning;
      verdict.cross_source_agreement = reply.json!.agrees_with_rules ? "agree" : "disagree";
      stages.push("synthesis");
    } catch {
      stages.push("synthesis:failed");
    }
  }
  return {
    schema_version: 1,
    config_id: input.configId,
    relevance: { backend: "tfidf", base_threshold: BASE_THRESHOLD, pool_units: pool.size },
    summary,
    verdict,
    layer_diagnosis: layers,
    reasoning_subclasses: subclasses,
    evidence_by_category: evidence,
    per_task: per,
    llm_stages: stages,
  };
}
