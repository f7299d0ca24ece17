/**
 * What happens after a task (docs/design.md#take-in `take_in_memory`) or when material is ingested:
 * extraction through the encoder (model or offline rules) → embedding of each unit's
 * `contentText` → `store.add` (exact duplicates by signature are dropped across the whole store)
 * → on-insert management for the units actually stored → post-task management with the units and
 * graph edges injected into the task and its outcome.
 *
 * Deliberate differences from the reference:
 * - Management runs without a model too (docs/design.md#fix-offline-management): the deterministic
 *   ops (access stats, boost/penalize, dedup, decay, prune...) never depended on one; model-based
 *   ops fall back or are skipped by the pipeline with a record.
 * - The write-side provenance gate lives in the encoders; plain ingestion (`outcome` absent) runs
 *   no post-task pass, so a conversation never boosts or penalises anything.
 * - A management exception never loses the extraction: it becomes an `OpRunRecord` with `error`;
 *   an encoder exception becomes an extraction failure and management still runs.
 *
 * @module
 */
import { withScope } from "../core/unit_scope.ts";
import type { Plan } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import { contentText, type MemoryUnit } from "../core/unit.ts";
import type { MemoryStore } from "../stores/store_port.ts";
import type { Encoder, ExtractionOutput } from "./encoder_port.ts";
import type { ManagementPipeline } from "./manage_port.ts";
import type { EndTrace, OpRunRecord } from "./provider_port.ts";

/** Characters of the agent's answer quoted in the failure context (reference value). */
export const FAILURE_CONTEXT_CHARS = 500;

/** What extraction and storage need from the provider. */
export interface TakeInContext {
  plan: Plan;
  store: MemoryStore;
  encoder: Encoder;
  management: ManagementPipeline;
  embedder: Embedder;
  clock: Clock;
  /** Unit id generator (deterministic in offline runs). */
  newId: () => string;
  model?: ChatModel;
  signal?: AbortSignal;
}

/** Units injected into the task, and the graph edges that supported them. */
export interface UsedMemory {
  unitIds: readonly string[];
  edges: readonly [string, string, string][];
}

/**
 * Sets `embedding` on every unit whose embedding is missing or of the wrong dimension, from its
 * `contentText`; units with empty text keep `null`. Returns new objects.
 */
export async function embedUnits(
  units: readonly MemoryUnit[],
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<MemoryUnit[]> {
  const out = units.map((u) => ({ ...u }));
  const todo = out.filter((u) =>
    (u.embedding === null || u.embedding.length !== embedder.dim) && contentText(u) !== ""
  );
  if (todo.length > 0) {
    const vectors = await embedder.embed(todo.map((u) => contentText(u)), signal);
    todo.forEach((u, i) => u.embedding = Array.from(vectors[i]));
  }
  return out;
}

/** The failure context handed to post-task ops; empty on success. */
export function failureContext(outcome: TaskOutcome, trajectory: Trajectory): string {
  if (outcome.success) return "";
  const answer = outcome.answer ?? trajectory.final_answer;
  return answer !== undefined && answer.trim() !== ""
    ? `Task failed. Agent answer: ${answer.slice(0, FAILURE_CONTEXT_CHARS)}`
    : "Task failed (no result captured).";
}

function managementError(trigger: OpRunRecord["trigger"], error: unknown): OpRunRecord {
  return {
    op: "pipeline",
    trigger,
    triggered: false,
    affected: 0,
    created: 0,
    deactivated: 0,
    error: (error as Error)?.message ?? String(error),
  };
}

/**
 * Runs the encoder. An encoder that throws (an endpoint down after its retries) costs this task
 * its extraction, recorded as a failure, but not its post-task feedback; an abort still aborts.
 */
async function extract(
  ctx: TakeInContext,
  task: TaskContext,
  trajectory: Trajectory,
  outcome: TaskOutcome | undefined,
): Promise<ExtractionOutput> {
  try {
    return await ctx.encoder({ task, trajectory, outcome, types: ctx.plan.encode }, {
      clock: ctx.clock,
      newId: ctx.newId,
      model: ctx.model,
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.signal?.aborted) throw error;
    const message = (error as Error)?.message ?? String(error);
    return { units: [], perType: [], failures: [`extraction failed: ${message}`] };
  }
}

/**
 * Extracts, stores and manages one task's (or one conversation's) material. `outcome` absent
 * means plain ingestion: no post-task pass.
 */
export async function takeIn(
  ctx: TakeInContext,
  task: TaskContext,
  trajectory: Trajectory,
  outcome: TaskOutcome | undefined,
  used: UsedMemory,
): Promise<EndTrace> {
  const extraction = await extract(ctx, task, trajectory, outcome);
  // Duplicates inside one extraction are dropped before embedding; the store drops the ones that
  // match units already stored.
  const bySignature = new Map<string, MemoryUnit>();
  for (const u of extraction.units) {
    if (!bySignature.has(u.signature)) bySignature.set(u.signature, withScope(u, task.scope));
  }
  const units = await embedUnits([...bySignature.values()], ctx.embedder, ctx.signal);
  const added = units.length > 0 ? await ctx.store.add(units) : { added: [], deduped: [] };
  const addedSet = new Set(added.added);
  const inserted = units.filter((u) => addedSet.has(u.id));

  const ops: OpRunRecord[] = [];
  if (inserted.length > 0) {
    try {
      ops.push(...await ctx.management.onInsert(inserted, task.scope));
    } catch (error) {
      ops.push(managementError("on_insert", error));
    }
  }
  if (outcome) {
    try {
      ops.push(
        ...await ctx.management.postTask({
          task_id: task.id,
          task_query: task.text,
          succeeded: outcome.success,
          used_unit_ids: used.unitIds,
          used_edges: used.edges,
          failure_context: failureContext(outcome, trajectory),
          ...(task.scope ? { scope: task.scope } : {}),
        }),
      );
    } catch (error) {
      ops.push(managementError("post_task", error));
    }
  }
  await ctx.store.flush();
  return {
    extracted: extraction.perType,
    extraction_failures: [...extraction.failures],
    inserted_ids: inserted.map((u) => u.id),
    deduped: extraction.units.length - inserted.length,
    used_unit_ids: [...used.unitIds],
    ops,
  };
}
