/**
 * What every management op sees and returns, and how an op declares its settings: each op owns
 * a zod schema for its settings (the numbers themselves come only from the compiled plan), so a
 * plan with a missing or mistyped setting fails when the pipeline is built, naming the field.
 *
 * @module
 */
import type { UnitScope } from "../../core/unit_scope.ts";
import type { z } from "../../core/zod.ts";
import type { ChatModel, Embedder } from "../../core/ports.ts";
import type { OpName, OpSettings } from "../../core/presets.ts";
import { fromZodIssues, type Issue } from "../../core/issues.ts";
import type { GraphOps, MemoryStore } from "../../stores/store_port.ts";
import type { PostTaskContext } from "../manage_port.ts";
import type { OpRunRecord } from "../provider_port.ts";
import type { DeferredFailures } from "./deferred_failures.ts";

/** The trigger an op runs under. */
export type Trigger = OpRunRecord["trigger"];

/** Everything one op run may use. Time is read once per pass so all ops of a pass agree. */
export interface OpContext {
  readonly store: MemoryStore;
  /** The store's graph ops (graph and llm_graph stores), else undefined. */
  readonly graph?: GraphOps;
  readonly embedder: Embedder;
  /** Absent offline. */
  readonly model?: ChatModel;
  readonly signal?: AbortSignal;
  /** Epoch milliseconds of this pass. */
  readonly now: number;
  readonly trigger: Trigger;
  /** The task that just ended (post-task passes; partial or absent for periodic passes). */
  readonly task?: Partial<PostTaskContext>;
  /** Ids of the units just inserted (on-insert passes). */
  readonly newUnitIds: readonly string[];
  /** A fresh unit id; `seed` makes the default generator content-derived and deterministic. */
  newId(op: OpName, seed: readonly string[]): string;
  /** The pipeline's persisted queue of failed tasks awaiting a batched review; absent standalone. */
  readonly deferredFailures?: DeferredFailures;
  /** The pass's scope: `store` only lists units of it, and units the op creates carry it. */
  readonly scope?: UnitScope;
}

/** What an op reports; the pipeline adds the op name and trigger. */
export interface OpOutcome {
  triggered: boolean;
  affected?: number;
  created?: number;
  deactivated?: number;
  skipped_reason?: string;
  error?: string;
}

/** An op with its settings already validated. */
export type BoundOp = (ctx: OpContext) => Promise<OpOutcome>;

/** A management op: its name, settings schema, and behaviour. */
export interface ManageOp {
  readonly name: OpName;
  /** Validates the plan's settings for this op and binds them. */
  bind(
    settings: OpSettings | undefined,
  ): { ok: true; run: BoundOp } | { ok: false; issues: Issue[] };
}

/** Declares an op whose `run` receives settings typed by `schema`. */
export function defineOp<S extends z.ZodType>(
  name: OpName,
  schema: S,
  run: (ctx: OpContext, settings: z.infer<S>) => Promise<OpOutcome>,
): ManageOp {
  return {
    name,
    bind(settings) {
      const parsed = schema.safeParse(settings ?? {});
      if (!parsed.success) {
        const issues = fromZodIssues(parsed.error.issues).map((i) => ({
          ...i,
          path: ["op_settings", name, ...i.path],
        }));
        return { ok: false, issues };
      }
      const bound = parsed.data as z.infer<S>;
      return { ok: true, run: (ctx) => run(ctx, bound) };
    },
  };
}

/** An outcome for an op that had nothing to do or could not run. */
export function skipped(reason: string): OpOutcome {
  return { triggered: false, skipped_reason: reason };
}
