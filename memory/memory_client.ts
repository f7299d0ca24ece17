/**
 * {@linkcode AutomemMemory}: the client an embedding application holds. The task lifecycle
 * (`beginTask` → at most one `refresh` → `endTask`) goes to the plan's provider; direct unit
 * access (`add`, `get`, `list`, `update`, `delete`) goes to its store. Every call runs in one
 * queue, so a lesson added while a task ends never interleaves with extraction.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { Issue } from "../core/issues.ts";
import type { Clock, Embedder } from "../core/ports.ts";
import type { EncodeType } from "../core/space.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import { contentText, type MemoryUnit, storageTokens, unitSignature } from "../core/unit.ts";
import type { MemoryStore, StoreSnapshot, UnitFilter } from "../stores/store_port.ts";
import { continuingIds } from "./ids.ts";
import { makeUnit } from "./make_unit.ts";
import type { EndTrace, Guidance, MemoryProvider, RankedUnit } from "./provider_port.ts";
import { SerialQueue } from "./serial_queue.ts";
import { embedUnits } from "./take_in.ts";
import { parseContent } from "./unit_content.ts";

/** Bad input to a memory call; `issues` name the field and reason. */
export class MemoryInputError extends AutomemError {
  /** The argument at fault (`spec`, `lesson`, `id`, ...). */
  readonly field: string;
  /** Every problem found. */
  readonly issues: readonly Issue[];
  /** Builds the error. */
  constructor(code: string, field: string, issues: readonly Issue[]) {
    const shown = issues.slice(0, 3).map((i) => `${i.path.join(".") || field}: ${i.message}`);
    super(code, `invalid ${field}: ${shown.join("; ")}`);
    this.name = "MemoryInputError";
    this.field = field;
    this.issues = issues;
  }
}

/** A unit to add by hand: a lesson's text, or typed content for any encode type. */
export type LessonInput = string | {
  /** Default `tip`: the text becomes its `principle`. */
  type?: EncodeType;
  /** The lesson (for a tip), used when `content` is absent. */
  text?: string;
  /** Full content of the unit's type (validated). */
  content?: Record<string, unknown>;
  use_when?: string[];
  avoid_when?: string[];
  /** Where it came from (default `manual`); recorded as the unit's source task. */
  source?: string;
};

/** Fields {@linkcode AutomemMemory.update} may change. */
export interface UnitPatch {
  content?: Record<string, unknown>;
  use_when?: string[];
  avoid_when?: string[];
  confidence?: number;
  is_active?: boolean;
}

/** Which units {@linkcode AutomemMemory.list} returns. */
export interface ListOptions {
  types?: readonly EncodeType[];
  /** Default true. */
  activeOnly?: boolean;
  /** At most this many, in store order. */
  limit?: number;
}

/** What the client is assembled from (see `createMemory`). */
export interface MemoryClientParts {
  provider: MemoryProvider;
  store: MemoryStore;
  embedder: Embedder;
  clock: Clock;
  /** The id box shared with the provider; the client renews it after an import. */
  ids: { prefix: string; next: () => string };
  signal?: AbortSignal;
}

function invalid(field: string, message: string, code = "invalid_argument"): MemoryInputError {
  return new MemoryInputError(code, field, [{ code, path: [field], message }]);
}

/** A memory opened by `createMemory`; close it (or `await using` it) when done. */
export class AutomemMemory implements AsyncDisposable {
  readonly #p: MemoryClientParts;
  readonly #queue = new SerialQueue();

  /** Assembles the client; use `createMemory` instead. */
  constructor(parts: MemoryClientParts) {
    this.#p = parts;
  }

  #run<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queue.run(fn);
  }

  /** The compiled plan (architecture, store directory, retriever, management). */
  get plan(): NonNullable<MemoryProvider["plan"]> {
    return this.#p.provider.plan!;
  }

  /** BEGIN: guidance for a task from memory, or null (empty memory, nothing relevant). */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    return this.#run(() => this.#p.provider.beginTask(task));
  }

  /** IN: the one refresh per task, at an explicit boundary, given the agent's progress so far. */
  refresh(task: TaskContext, progress: string): Promise<Guidance | null> {
    return this.#run(() => this.#p.provider.refresh(task, progress));
  }

  /** END: learns from the finished task (extraction, storage, management). */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace> {
    return this.#run(() => this.#p.provider.endTask(task, trajectory, outcome));
  }

  /** Learns from material without an outcome (a conversation, a document). */
  ingest(task: TaskContext, trajectory: Trajectory): Promise<EndTrace> {
    return this.#run(() => this.#p.provider.ingest(task, trajectory));
  }

  /** The `k` (default 5) best units for a query through the architecture's retriever. */
  search(
    query: string,
    options: { k?: number; excludeTaskIds?: readonly string[] } = {},
  ): Promise<RankedUnit[]> {
    return this.#run(() => this.#p.provider.search(query, options.k ?? 5, options.excludeTaskIds));
  }

  /** Adds a lesson; returns the stored unit (the existing one when it is an exact duplicate). */
  add(lesson: LessonInput): Promise<MemoryUnit> {
    return this.#run(async () => {
      const input = typeof lesson === "string" ? { text: lesson } : lesson;
      if (input === null || typeof input !== "object") {
        throw invalid("lesson", "must be a string or an object");
      }
      const type = input.type ?? "tip";
      const content = input.content ?? {
        ...(type === "tip" ? { principle: input.text } : { text: input.text }),
        ...(input.use_when ? { use_when: input.use_when } : {}),
        ...(input.avoid_when ? { avoid_when: input.avoid_when } : {}),
      };
      const source = input.source ?? "manual";
      const made = makeUnit({
        type,
        content,
        task: { id: source, text: "" },
        source_refs: [source],
        clock: this.#p.clock,
        id: this.#p.ids.next(),
        extraction_model: "manual",
      });
      if (!made.ok) throw new MemoryInputError("invalid_unit", "lesson", made.issues);
      const [unit] = await embedUnits([made.unit], this.#p.embedder, this.#p.signal);
      const result = await this.#p.store.add([unit]);
      await this.#p.store.flush();
      const dup = result.deduped.find((d) => d.id === unit.id);
      return dup ? (await this.#p.store.get(dup.existingId))! : unit;
    });
  }

  /** The unit with this id, active or not, or undefined. */
  get(id: string): Promise<MemoryUnit | undefined> {
    return this.#run(() => this.#p.store.get(id));
  }

  /** Units, active only unless `activeOnly: false`. */
  list(options: ListOptions = {}): Promise<MemoryUnit[]> {
    return this.#run(async () => {
      const filter: UnitFilter = { activeOnly: options.activeOnly ?? true, types: options.types };
      const units = await this.#p.store.list(filter);
      return options.limit === undefined ? units : units.slice(0, Math.max(0, options.limit));
    });
  }

  /** Changes a unit; content changes are validated, re-signed and re-embedded. */
  update(id: string, patch: UnitPatch): Promise<MemoryUnit> {
    return this.#run(async () => {
      const old = await this.#p.store.get(id);
      if (old === undefined) throw invalid("id", `no unit has id '${id}'`, "not_found");
      const next: MemoryUnit = { ...old };
      if (patch.content !== undefined) {
        const parsed = parseContent(old.type, patch.content);
        if (!parsed.ok) throw new MemoryInputError("invalid_unit", "content", parsed.issues);
        next.content = parsed.value;
        next.signature = unitSignature(parsed.value);
      }
      if (patch.use_when !== undefined) next.use_when = [...patch.use_when];
      if (patch.avoid_when !== undefined) next.avoid_when = [...patch.avoid_when];
      if (patch.confidence !== undefined) {
        if (!(patch.confidence >= 0 && patch.confidence <= 1)) {
          throw invalid("confidence", `must be in [0, 1], got ${patch.confidence}`);
        }
        next.confidence = patch.confidence;
      }
      if (patch.is_active !== undefined) next.is_active = patch.is_active;
      if (patch.content !== undefined || patch.use_when !== undefined) {
        next.storage_tokens = storageTokens(contentText(next));
        next.embedding = null;
      }
      const [unit] = await embedUnits([next], this.#p.embedder, this.#p.signal);
      await this.#p.store.update([unit]);
      await this.#p.store.flush();
      return unit;
    });
  }

  /** Deactivates units (soft delete, like every store); returns how many were active. */
  delete(ids: string | readonly string[]): Promise<number> {
    return this.#run(async () => {
      const removed = await this.#p.store.remove(typeof ids === "string" ? [ids] : ids);
      await this.#p.store.flush();
      return removed;
    });
  }

  /** Everything stored (units and graph edges), to back up or move a memory. */
  export(): Promise<StoreSnapshot> {
    return this.#run(() => this.#p.provider.exportPool());
  }

  /** Loads a snapshot (ids kept, existing ids replaced); new ids continue after the imported. */
  import(snapshot: StoreSnapshot): Promise<void> {
    return this.#run(async () => {
      if (!snapshot || !Array.isArray(snapshot.units) || !Array.isArray(snapshot.edges)) {
        throw invalid("snapshot", "must have `units` and `edges` arrays");
      }
      await this.#p.provider.importPool(snapshot);
      const all = await this.#p.store.list({ activeOnly: false });
      this.#p.ids.next = continuingIds(this.#p.ids.prefix, all.map((u) => u.id));
    });
  }

  /** Flushes and closes the store; later calls fail. */
  close(): Promise<void> {
    return this.#run(() => this.#p.provider.close());
  }

  /** `await using memory = await createMemory(...)` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
