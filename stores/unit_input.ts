/**
 * Validation of units handed to a store. Envelopes go through `MemoryUnitSchema`; the embedding
 * is checked by hand (length and finiteness) because running 384 numbers per unit through zod
 * would dominate bulk ingest. Embeddings are stored as float32, so what a store returns is the
 * float32 rounding of what it was given. Content is deep-copied and frozen so neither the caller
 * nor a reader can change a stored unit behind the store's back.
 *
 * @module
 */
import { type MemoryUnit, MemoryUnitSchema } from "../core/unit.ts";
import { StoreError } from "./store_error.ts";

/** A validated unit (embedding stripped) and its float32 vector, or null when it has none. */
export interface ParsedUnit {
  unit: MemoryUnit;
  vector: Float32Array | null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Validates one unit; `path` prefixes the field path of errors (e.g. `["units", 3]`). */
export function parseUnit(input: unknown, dim: number, path: (string | number)[]): ParsedUnit {
  if (!input || typeof input !== "object") {
    throw new StoreError("invalid_unit", path, "must be a memory unit object");
  }
  const embedding = (input as { embedding?: unknown }).embedding;
  const parsed = MemoryUnitSchema.safeParse({ ...input, embedding: null });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = [...path, ...issue.path.map((p) => typeof p === "symbol" ? String(p) : p)];
    throw new StoreError("invalid_unit", where, issue.message);
  }
  let vector: Float32Array | null = null;
  if (embedding !== null && embedding !== undefined) {
    const at = [...path, "embedding"];
    if (!Array.isArray(embedding) && !(embedding instanceof Float32Array)) {
      throw new StoreError("invalid_unit", at, "must be an array of numbers or null");
    }
    if (embedding.length !== dim) {
      throw new StoreError(
        "embedding_dim",
        at,
        `has ${embedding.length} dimensions, expected ${dim}`,
      );
    }
    vector = new Float32Array(dim);
    for (let i = 0; i < dim; i++) {
      const x = embedding[i];
      if (typeof x !== "number" || !Number.isFinite(x)) {
        throw new StoreError("invalid_unit", [...at, i], "must be a finite number");
      }
      vector[i] = x;
    }
  }
  const unit = parsed.data;
  unit.content = deepFreeze(structuredClone(unit.content));
  return { unit, vector };
}

/** Validates a batch; nothing is stored unless every unit is valid. */
export function parseUnits(inputs: readonly unknown[], dim: number, field = "units"): ParsedUnit[] {
  if (!Array.isArray(inputs)) throw new StoreError("invalid_argument", [field], "must be an array");
  return inputs.map((u, i) => parseUnit(u, dim, [field, i]));
}

/** A caller-owned copy of a stored unit with its embedding attached. */
export function materialize(unit: MemoryUnit, vector: Float32Array | undefined): MemoryUnit {
  return {
    ...unit,
    source_refs: [...unit.source_refs],
    applicable_task_types: [...unit.applicable_task_types],
    use_when: [...unit.use_when],
    avoid_when: [...unit.avoid_when],
    relations: unit.relations.map((r) => ({ ...r })),
    embedding: vector ? Array.from(vector) : null,
  };
}

/** Element-wise equality of two optional vectors. */
export function sameVector(a: Float32Array | null | undefined, b: Float32Array | null | undefined) {
  if (!a || !b) return !a && !b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
