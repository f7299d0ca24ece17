/**
 * Small builders for management tests: valid units with chosen embeddings, a fixed clock, a
 * resolved {@linkcode ManagePlan} per preset, and a toy embedder whose geometry a test controls.
 *
 * @module
 */
import type { ManagePlan } from "../../../core/compiler.ts";
import type { Clock, Embedder } from "../../../core/ports.ts";
import type { MemoryStore } from "../../../stores/store_port.ts";
import type { ManageOp, OpContext, OpOutcome } from "../op_types.ts";
import { OP_DEFAULTS, type OpName, PERIODIC_INTERVAL, PRESETS } from "../../../core/presets.ts";
import type { ManagePreset } from "../../../core/space.ts";
import {
  contentText,
  type MemoryUnit,
  MemoryUnitSchema,
  unitSignature,
} from "../../../core/unit.ts";

/** 2026-01-01T00:00:00Z, the epoch of every fixture. */
export const T0 = Date.UTC(2026, 0, 1);
/** One hour in milliseconds. */
export const HOUR = 3_600_000;

/** A clock that always returns `ms` (settable, so a test can move time). */
export function fixedClock(ms: number = T0): Clock & { set(ms: number): void } {
  let t = ms;
  return { now: () => t, set: (v: number) => void (t = v) };
}

/** A unit-length vector of `dim` pointing mostly along `axis`, tilted towards `other` by `tilt`. */
export function axisVec(axis: number, dim = 8, tilt = 0, other = (axis + 1) % dim): number[] {
  const v = new Array(dim).fill(0);
  v[axis] = Math.cos(tilt);
  v[other] += Math.sin(tilt);
  return v;
}

/** A unit vector along `axis` whose cosine with `axisVec(axis)` is exactly `cos`. */
export function tilted(axis: number, cos: number, dim = 8): number[] {
  return axisVec(axis, dim, Math.acos(cos));
}

/** Builds a valid unit; `content` defaults to a tip whose principle is `text`. */
export function makeUnit(
  id: string,
  fields: Partial<MemoryUnit> & { text?: string } = {},
): MemoryUnit {
  const { text, ...rest } = fields;
  const content = rest.content ?? { principle: text ?? `principle of ${id}` };
  return MemoryUnitSchema.parse({
    type: "tip",
    source_task_id: `task-${id}`,
    task_outcome: "success",
    created_at: new Date(T0).toISOString(),
    ...rest,
    id,
    content,
    signature: rest.signature ?? unitSignature(content),
  });
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
