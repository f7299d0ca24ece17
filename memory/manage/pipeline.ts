/**
 * The management pipeline: runs the plan's ops per trigger, in the plan's order, one op at a
 * time. The task counter that schedules periodic passes is persisted atomically in
 * `<state.dir>/manage_state.json`, so periodic ops fire even when the provider is recreated
 * for every task (docs/design.md#fix-periodic-counter); so is the queue of failed tasks awaiting
 * `reflection_correction`'s batched review (`deferred_failures.ts`). Every op's failure becomes its record's
 * `error`; the pipeline itself never aborts because of an op.
 *
 * @module
 */
import { isEmptyScope, type UnitScope } from "../../core/unit_scope.ts";
import { scopedStore } from "../../stores/scoped_store.ts";
import { AutomemError, type AutomemErrorOptions } from "../../core/automem_error.ts";
import { join } from "node:path";
import { z } from "../../core/zod.ts";
import { writeJsonAtomic } from "../../core/atomic_write.ts";
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";
import type { ManagePlan } from "../../core/compiler.ts";
import { fromZodIssues, type Issue } from "../../core/issues.ts";
import type { OpName } from "../../core/presets.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import type { ManageDeps, ManagementPipeline, PostTaskContext } from "../manage_port.ts";
import type { OpRunRecord } from "../provider_port.ts";
import type { BoundOp, OpContext, Trigger } from "./op_types.ts";
import { MANAGE_OPS } from "./registry.ts";
import { readTextIfExists } from "../../core/read_if_exists.ts";
import { DeferredFailures, FailureNoteSchema } from "./deferred_failures.ts";

/** Name of the persisted counter file inside `state.dir`. */
export const MANAGE_STATE_FILE = "manage_state.json";

/** The persisted pipeline state. */
export const ManageStateSchema = z.object({
  version: z.literal(1),
  task_count: z.number().int().min(0),
  /** Failed tasks noted for a batched reflection (absent in files written before the queue). */
  pending_failures: z.array(FailureNoteSchema).default([]),
});

/** The persisted pipeline state. */
export type ManageState = z.infer<typeof ManageStateSchema>;

/** The management plan is unusable: unknown ops or invalid settings, listed as issues. */
export class ManageConfigError extends AutomemError {
  /** Every problem found, with its path in the plan (`post_task.2`, `op_settings.time_decay.decay_rate`). */
  readonly issues: Issue[];
  /** Builds the error. */
  constructor(issues: Issue[]) {
    super(
      "manage_config",
      "invalid management plan: " +
        issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
    );
    this.name = "ManageConfigError";
    this.issues = issues;
  }
}

/** The persisted state file exists but cannot be read as pipeline state. */
export class ManageStateError extends AutomemError {
  /** The file at fault. */
  readonly path: string;
  /** What is wrong with it. */
  readonly issues: Issue[];
  /** Builds the error. */
  constructor(path: string, issues: Issue[], options?: AutomemErrorOptions) {
    super(
      "manage_state",
      `invalid management state in ${path}: ${issues.map((i) => i.message).join("; ")}`,
      options,
    );
    this.name = "ManageStateError";
    this.path = path;
    this.issues = issues;
  }
}

/** What the pipeline needs: the port's deps plus an optional id generator. */
export interface ManagePipelineDeps extends ManageDeps {
  /**
   * Ids of units ops create. Default: derived from the op, the pass time and the unit's inputs
   * and content, so identical offline runs create identical ids.
   */
  newId?: () => string;
}

const TRIGGERS = ["on_insert", "post_task", "periodic"] as const;

function bindPlan(manage: ManagePlan): Record<Trigger, [OpName, BoundOp][]> {
  const issues: Issue[] = [];
  const bound = { on_insert: [], post_task: [], periodic: [] } as Record<
    Trigger,
    [OpName, BoundOp][]
  >;
  if (!Number.isInteger(manage.periodic_interval) || manage.periodic_interval < 0) {
    issues.push({
      code: "invalid_value",
      path: ["periodic_interval"],
      message: "must be a non-negative integer",
    });
  }
  for (const trigger of TRIGGERS) {
    const names = manage[trigger] ?? [];
    names.forEach((name, i) => {
      const op = Object.hasOwn(MANAGE_OPS, name) ? MANAGE_OPS[name] : undefined;
      if (!op) {
        issues.push({ code: "unknown_op", path: [trigger, i], message: `unknown op '${name}'` });
        return;
      }
      const b = op.bind(manage.op_settings[name]);
      if (b.ok) bound[trigger].push([name, b.run]);
      else if (!issues.some((x) => x.path[1] === name)) issues.push(...b.issues);
    });
  }
  if (issues.length > 0) throw new ManageConfigError(issues);
  return bound;
}

async function loadState(path: string): Promise<ManageState> {
  const text = await readTextIfExists(path);
  if (text === undefined) return { version: 1, task_count: 0, pending_failures: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ManageStateError(path, [{
      code: "invalid_json",
      path: [],
      message: `not JSON (${(error as Error).message})`,
    }], { cause: error });
  }
  const parsed = ManageStateSchema.safeParse(raw);
  if (!parsed.success) throw new ManageStateError(path, fromZodIssues(parsed.error.issues));
  return parsed.data;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

class Pipeline implements ManagementPipeline {
  readonly #ops: Record<Trigger, [OpName, BoundOp][]>;
  readonly #deps: ManagePipelineDeps;
  readonly #interval: number;
  readonly #statePath?: string;
  readonly #deferred: DeferredFailures;
  #count: number;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    ops: Record<Trigger, [OpName, BoundOp][]>,
    deps: ManagePipelineDeps,
    interval: number,
    state: ManageState,
    statePath?: string,
  ) {
    this.#ops = ops;
    this.#deps = deps;
    this.#interval = interval;
    this.#count = state.task_count;
    this.#deferred = new DeferredFailures(state.pending_failures);
    this.#statePath = statePath;
  }

  async #save(count: number): Promise<void> {
    if (!this.#statePath) return;
    const state: ManageState = {
      version: 1,
      task_count: count,
      pending_failures: [...this.#deferred.notes],
    };
    await writeJsonAtomic(this.#statePath, state);
    this.#deferred.markSaved();
  }

  get taskCount(): number {
    return this.#count;
  }

  onInsert(units: readonly MemoryUnit[], scope?: UnitScope): Promise<OpRunRecord[]> {
    return this.#serial(() => this.#pass("on_insert", undefined, units.map((u) => u.id), scope));
  }

  postTask(ctx: PostTaskContext): Promise<OpRunRecord[]> {
    return this.#serial(async () => {
      const count = this.#count + 1;
      // Persist before running: a crash mid-pass must not make the next process recount.
      await this.#save(count);
      this.#count = count;
      const records = await this.#pass("post_task", ctx, [], ctx.scope);
      if (this.#interval > 0 && count % this.#interval === 0) {
        records.push(...await this.#pass("periodic", ctx, [], ctx.scope));
      }
      return records;
    });
  }

  runPeriodic(ctx?: Partial<PostTaskContext>): Promise<OpRunRecord[]> {
    return this.#serial(() => this.#pass("periodic", ctx, []));
  }

  /** Runs `fn` after every earlier call finished, so passes never interleave on the store. */
  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn);
    this.#queue = next.catch(() => {});
    return next;
  }

  async #pass(
    trigger: Trigger,
    task: Partial<PostTaskContext> | undefined,
    newUnitIds: string[],
    scope?: UnitScope,
  ): Promise<OpRunRecord[]> {
    const deps = this.#deps;
    const now = deps.clock.now();
    const ctx: OpContext = {
      store: scopedStore(deps.store, scope),
      ...(isEmptyScope(scope) ? {} : { scope }),
      graph: deps.store.graph,
      embedder: deps.embedder,
      model: deps.model,
      signal: deps.signal,
      now,
      trigger,
      task,
      newUnitIds,
      newId: (op, seed) =>
        deps.newId?.() ?? `${op}-${sha256Hex(canonicalJson([op, now, ...seed])).slice(0, 24)}`,
      deferredFailures: this.#deferred,
    };
    const records: OpRunRecord[] = [];
    for (const [op, run] of this.#ops[trigger]) {
      const base = { op, trigger, affected: 0, created: 0, deactivated: 0 };
      if (deps.signal?.aborted) {
        records.push({ ...base, triggered: false, skipped_reason: "aborted" });
        continue;
      }
      try {
        const out = await run(ctx);
        records.push({
          ...base,
          triggered: out.triggered,
          affected: out.affected ?? 0,
          created: out.created ?? 0,
          deactivated: out.deactivated ?? 0,
          ...(out.skipped_reason !== undefined ? { skipped_reason: out.skipped_reason } : {}),
          ...(out.error !== undefined ? { error: out.error } : {}),
        });
      } catch (error) {
        records.push({ ...base, triggered: false, error: errorText(error) });
      }
    }
    await deps.store.flush();
    if (this.#deferred.changed) await this.#save(this.#count);
    return records;
  }
}

/**
 * Builds the pipeline of one provider. Validates the plan (throws {@linkcode ManageConfigError})
 * and, with `state`, loads the persisted task counter (throws {@linkcode ManageStateError} when
 * the file is corrupt).
 */
export async function createManagementPipeline(
  manage: ManagePlan,
  deps: ManagePipelineDeps,
  state?: { dir: string },
): Promise<ManagementPipeline> {
  const ops = bindPlan(manage);
  const statePath = state ? join(state.dir, MANAGE_STATE_FILE) : undefined;
  const saved: ManageState = statePath
    ? await loadState(statePath)
    : { version: 1, task_count: 0, pending_failures: [] };
  return new Pipeline(ops, deps, manage.periodic_interval, saved, statePath);
}
