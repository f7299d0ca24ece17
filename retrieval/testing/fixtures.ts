/**
 * Builders for retrieval tests: valid units with chosen embeddings, plans with overridden
 * parameters, queries, and an embedder whose vectors a test writes down explicitly, so every
 * expected ranking can be worked out by hand.
 *
 * @module
 */
import { type RetrievePlan, RETRIEVER_DEFAULTS, TOP_K } from "../../core/compiler.ts";
import type { Embedder } from "../../core/ports.ts";
import type { RetrieverKind } from "../../core/space.ts";
import { type MemoryUnit, MemoryUnitSchema, unitSignature } from "../../core/unit.ts";
import type { RetrievalQuery } from "../retriever_port.ts";
import { normalized } from "../../core/vectors.ts";

/** Dimension of fixture vectors. */
export const DIM = 8;
/** 2026-01-01T00:00:00Z, the creation time of every fixture unit. */
export const T0 = Date.UTC(2026, 0, 1);

/**
 * A unit-length vector of `dim` mostly along `axis`, turned towards `other` by `tilt` radians, so
 * `cosine(axisVec(a), axisVec(a, dim, t))` is exactly `cos t`.
 */
export function axisVec(axis: number, dim = DIM, tilt = 0, other = (axis + 1) % dim): number[] {
  const v = new Array(dim).fill(0);
  v[axis] = Math.cos(tilt);
  v[other] += Math.sin(tilt);
  return v;
}

/** {@linkcode axisVec} in the fixture dimension: `cosine(vec(a), vec(a, t))` is `cos t`. */
export function vec(axis: number, tilt = 0, other?: number): number[] {
  return axisVec(axis, DIM, tilt, other);
}

/** {@linkcode vec} as a `Float32Array` (a query embedding). */
export function qvec(axis: number, tilt = 0, other?: number): Float32Array {
  return Float32Array.from(vec(axis, tilt, other));
}

/** A valid tip unit; `text` becomes its principle, `source_task_id` defaults to `task-<id>`. */
export function makeUnit(
  id: string,
  fields: Partial<MemoryUnit> & { text?: string; vector?: number[] | null } = {},
): MemoryUnit {
  const { text, vector, ...rest } = fields;
  const content = rest.content ?? { principle: text ?? `principle of ${id}` };
  return MemoryUnitSchema.parse({
    type: "tip",
    source_task_id: `task-${id}`,
    task_outcome: "success",
    created_at: new Date(T0).toISOString(),
    embedding: vector === undefined ? null : vector,
    ...rest,
    id,
    content,
    signature: rest.signature ?? unitSignature(content),
  });
}

/** Hybrid parameters that leave the fusion alone: the re-scoring steps on by default switched off. */
export const FUSION_ONLY: Readonly<Record<string, number>> = {
  soft_match_weight: 0,
  soft_match_pool_idf: 0,
  episode_weight: 0,
  neighbour_weight: 0,
};

/** The retrieve section of a plan for `kind`, with some parameters overridden. */
export function planFor(
  kind: RetrieverKind,
  overrides: Record<string, number | string | readonly string[]> = {},
): RetrievePlan {
  return { kind, top_k: TOP_K, params: { ...RETRIEVER_DEFAULTS[kind], ...overrides } };
}

/** A retrieval query. */
export function makeQuery(
  literal: string,
  embedding: Float32Array,
  fields: Partial<Omit<RetrievalQuery, "literal" | "embedding">> = {},
): RetrievalQuery {
  return { literal, abstract: "", excludeTaskIds: [], ...fields, embedding };
}

/**
 * An embedder answering from a fixed table (text → vector); an unknown text fails loudly, so a
 * test notices every embedding it did not plan for. Records every batch it was asked for.
 */
export class TableEmbedder implements Embedder {
  readonly id = "table";
  readonly dim = DIM;
  /** Every batch requested, in order. */
  readonly batches: string[][] = [];
  #table: Map<string, Float32Array>;

  /** An embedder over `table`. */
  constructor(table: Record<string, number[]>) {
    this.#table = new Map(
      Object.entries(table).map(([t, v]) => [t, normalized(v) ?? new Float32Array(DIM)]),
    );
  }

  /** Embeds from the table. */
  embed(texts: string[]): Promise<Float32Array[]> {
    this.batches.push([...texts]);
    const out: Float32Array[] = [];
    for (const t of texts) {
      const v = this.#table.get(t);
      if (!v) return Promise.reject(new Error(`TableEmbedder has no vector for "${t}"`));
      out.push(Float32Array.from(v));
    }
    return Promise.resolve(out);
  }
}
