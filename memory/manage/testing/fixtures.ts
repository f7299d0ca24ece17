/**
 * Small builders for management tests: a fixed clock, a resolved {@linkcode ManagePlan} per
 * preset, a toy embedder whose geometry a test controls, and op contexts. Units and vectors come
 * from the retrieval fixtures, so both layers' tests build them one way.
 *
 * @module
 */
import type { ManagePlan } from "../../../core/compiler.ts";
import type { Clock, Embedder } from "../../../core/ports.ts";
import type { MemoryStore } from "../../../stores/store_port.ts";
import type { PostTaskContext } from "../../manage_port.ts";
import type { ManageOp, OpContext, OpOutcome } from "../op_types.ts";
import { OP_DEFAULTS, type OpName, PERIODIC_INTERVAL, PRESETS } from "../../../core/presets.ts";
import type { ManagePreset } from "../../../core/space.ts";
import { contentText } from "../../../core/unit.ts";
import { axisVec, makeUnit, T0 } from "../../../retrieval/testing/fixtures.ts";

/** One hour in milliseconds. */
export const HOUR = 3_600_000;

/** A clock that always returns `ms` (settable, so a test can move time). */
export function fixedClock(ms: number = T0): Clock & { set(ms: number): void } {
  let t = ms;
  return { now: () => t, set: (v: number) => void (t = v) };
}

/** A unit vector along `axis` whose cosine with `axisVec(axis)` is exactly `cos`. */
export function tilted(axis: number, cos: number, dim = 8): number[] {
  return axisVec(axis, dim, Math.acos(cos));
}

/** The resolved management plan of a preset with default settings (as the compiler builds it). */
export function presetPlan(
  preset: ManagePreset,
  overrides: Partial<Record<OpName, Record<string, unknown>>> = {},
): ManagePlan {
  const p = PRESETS[preset];
  const ops = [...new Set([...p.post_task, ...p.periodic, ...p.on_insert])];
  const op_settings: Record<string, Record<string, unknown>> = {};
  for (const op of ops) op_settings[op] = { ...OP_DEFAULTS[op], ...overrides[op] };
  return {
    preset,
    post_task: [...p.post_task],
    periodic: [...p.periodic],
    on_insert: [...p.on_insert],
    periodic_interval: PERIODIC_INTERVAL,
    op_settings: op_settings as ManagePlan["op_settings"],
  };
}

/**
 * An embedder for tests: texts containing a registered keyword map to that keyword's vector
 * (the first match wins); other texts map to a vector orthogonal to all registered ones.
 */
export class KeywordEmbedder implements Embedder {
  /** Embedder id. */
  readonly id = "keyword-test";
  /** Every text embedded so far. */
  readonly seen: string[] = [];
  /** Builds the embedder from keyword → vector pairs of dimension `dim`. */
  constructor(readonly dim: number, private readonly table: [string, number[]][] = []) {}

  /** Embeds by keyword lookup. */
  embed(texts: string[]): Promise<Float32Array[]> {
    this.seen.push(...texts);
    return Promise.resolve(texts.map((t) => {
      const hit = this.table.find(([k]) => t.includes(k));
      const v = hit ? hit[1] : axisVec(this.dim - 1, this.dim);
      return Float32Array.from(v);
    }));
  }
}

/** An op context over `store` at {@linkcode T0} with an 8-d keyword embedder and readable ids. */
export function opContext(store: MemoryStore, over: Partial<OpContext> = {}): OpContext {
  return {
    store,
    graph: store.graph,
    embedder: new KeywordEmbedder(8),
    now: T0,
    trigger: "periodic",
    newUnitIds: [],
    newId: (op, seed) => `${op}(${seed.slice(0, -1).join(",")})`,
    ...over,
  };
}

/** The post-task context of task `n`: a success that used no memory, unless `over` says so. */
export function postTask(n: number, over: Partial<PostTaskContext> = {}): PostTaskContext {
  return {
    task_id: `task-${n}`,
    task_query: `query ${n}`,
    succeeded: true,
    used_unit_ids: [],
    used_edges: [],
    failure_context: "",
    ...over,
  };
}

/** Binds `op` to its default settings (plus `overrides`) and runs it once. */
export function runOp(
  op: ManageOp,
  ctx: OpContext,
  overrides: Record<string, unknown> = {},
): Promise<OpOutcome> {
  const bound = op.bind({ ...OP_DEFAULTS[op.name], ...overrides } as never);
  if (!bound.ok) throw new Error(JSON.stringify(bound.issues));
  return bound.run(ctx);
}

/** `contentText` of a unit, re-exported for assertions. */
export { contentText };
/** Unit, vector and epoch builders shared with the retrieval tests. */
export { axisVec, makeUnit, T0 };
