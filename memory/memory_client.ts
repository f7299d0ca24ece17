/**
 * {@linkcode AutomemMemory}: the client an embedding application holds. The task lifecycle
 * (`beginTask` → at most one `refresh` → `endTask`) goes to the plan's provider; direct unit
 * access (`add`, `get`, `list`, `update`, `delete`) goes to its store. Every call runs in one
 * queue, so a lesson added while a task ends never interleaves with extraction, and in turns with
 * every other handle and process on the same directory (docs/design.md#multi-process).
 *
 * @module
 */
import type { Plan } from "../core/compiler.ts";
import type { Clock, Embedder } from "../core/ports.ts";
import type { SharedResource } from "../core/shared_resource.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";
import { AutomemError } from "../core/automem_error.ts";
import { type MemoryUnit, MemoryUnitSchema } from "../core/unit.ts";
import { matchesScope, type UnitScope, withScope } from "../core/unit_scope.ts";
import type { MemoryStore, StoreSnapshot, UnitFilter } from "../stores/store_port.ts";
import { callScope, scopedTask } from "./memory_scope.ts";
import { continuingIds } from "./ids.ts";
import { makeUnit } from "./make_unit.ts";
import type { EndTrace, Guidance, MemoryProvider, RankedUnit } from "./provider_port.ts";
import { appendAudit, type ForgottenUnit, readAudit } from "./forget_audit.ts";
import { embedUnits } from "./take_in.ts";
import {
  invalid,
  type LessonInput,
  type ListOptions,
  MemoryInputError,
  patchUnit,
  type SearchOptions,
  type UnitPatch,
} from "./memory_input.ts";

/** A memory's open parts: the provider of its plan and the store under it. */
export interface OpenedMemory {
  provider: MemoryProvider;
  store: MemoryStore;
}

/** What the client is assembled from (see `createMemory`). */
export interface MemoryClientParts {
  /** The compiled plan. */
  plan: Plan;
  /**
   * The provider and store, used in turns with every other handle on the directory (and
   * reopened when another one changed it), so no acknowledged write is lost.
   */
  shared: SharedResource<OpenedMemory>;
  embedder: Embedder;
  clock: Clock;
  /** The id box shared with the provider; renewed whenever the store is (re)opened. */
  ids: { prefix: string; next: () => string };
  /** Where the audit of forgotten units is kept (`forgotten.jsonl` in the memory directory). */
  auditPath: string;
  /** Applied to every write and read unless a call names its own fields (see `memory_scope.ts`). */
  scope?: UnitScope;
  signal?: AbortSignal;
}

/** A memory opened by `createMemory`; close it (or `await using` it) when done. */
export class AutomemMemory implements AsyncDisposable {
  readonly #p: MemoryClientParts;
  #closed = false;

  /** Assembles the client; use `createMemory` instead. */
  constructor(parts: MemoryClientParts) {
    this.#p = parts;
  }

  #run<T>(fn: (m: OpenedMemory) => Promise<T>, writes = true, method = "call"): Promise<T> {
    if (this.#closed) {
      return Promise.reject(
        new AutomemError("closed", `the memory is closed: ${method}() cannot run`),
      );
    }
    return this.#p.shared.run(fn, writes);
  }

  /** The compiled plan (architecture, store directory, retriever, management). */
  get plan(): Plan {
    return this.#p.plan;
  }

  /** BEGIN: guidance for a task from memory, or null (empty memory, nothing relevant). */
  beginTask(task: TaskContext): Promise<Guidance | null> {
    return this.#run((m) => m.provider.beginTask(this.#task(task)), false, "beginTask");
  }

  /** IN: the one refresh per task, at an explicit boundary, given the agent's progress so far. */
  refresh(task: TaskContext, progress: string): Promise<Guidance | null> {
    return this.#run((m) => m.provider.refresh(this.#task(task), progress), false, "refresh");
  }

  /** END: learns from the finished task (extraction, storage, management). */
  endTask(task: TaskContext, trajectory: Trajectory, outcome: TaskOutcome): Promise<EndTrace> {
    return this.#run(
      (m) => m.provider.endTask(this.#task(task), trajectory, outcome),
      true,
      "endTask",
    );
  }

  /** Learns from material without an outcome (a conversation, a document). */
  ingest(task: TaskContext, trajectory: Trajectory): Promise<EndTrace> {
    return this.#run((m) => m.provider.ingest(this.#task(task), trajectory), true, "ingest");
  }

  /** The task with its effective scope (the memory's default under the task's own). */
  #task(task: TaskContext): TaskContext {
    return scopedTask(task, this.#p.scope);
  }

  /** Whether `unit` lies inside the memory's default scope (every unit when there is none). */
  #visible(unit: MemoryUnit | undefined): unit is MemoryUnit {
    return unit !== undefined && matchesScope(unit, this.#p.scope);
  }

  /**
   * The `k` (default 5) best units for a query through the architecture's retriever, only among
   * units of the given scope and metadata (over the default scope), filtered before top-k.
   */
  search(query: string, options: SearchOptions = {}): Promise<RankedUnit[]> {
    const k = options.k ?? 5;
    if (!Number.isInteger(k) || k < 1) {
      return Promise.reject(invalid("k", `must be a positive integer, got ${k}`));
    }
    if (typeof query !== "string") return Promise.reject(invalid("query", "must be a string"));
    return this.#run(
      (m) =>
        m.provider.search(
          query,
          k,
          options.excludeTaskIds,
          callScope(this.#p.scope, options, "search"),
        ),
      false,
      "search",
    );
  }

  /** Adds a lesson; returns the stored unit (the existing one when it is an exact duplicate). */
  add(lesson: LessonInput): Promise<MemoryUnit> {
    return this.#run(
      async ({ store }) => {
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
        const scope = callScope(this.#p.scope, input, "lesson");
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
        const scoped = withScope(made.unit, scope);
        const [unit] = await embedUnits([scoped], this.#p.embedder, this.#p.signal);
        const result = await store.add([unit]);
        await store.flush();
        const dup = result.deduped.find((d) => d.id === unit.id);
        return dup ? (await store.get(dup.existingId))! : unit;
      },
      true,
      "add",
    );
  }

  /**
   * The unit with this id, active or not, or undefined (also once it is deleted, and when it lies
   * outside the memory's default scope).
   */
  get(id: string): Promise<MemoryUnit | undefined> {
    return this.#run(
      async ({ store }) => {
        const unit = await store.get(id);
        return this.#visible(unit) ? unit : undefined;
      },
      false,
      "get",
    );
  }

  /** Units, active only unless `activeOnly: false`, of the given scope (over the default). */
  list(options: ListOptions = {}): Promise<MemoryUnit[]> {
    return this.#run(
      async ({ store }) => {
        const filter: UnitFilter = {
          activeOnly: options.activeOnly ?? true,
          types: options.types,
          scope: callScope(this.#p.scope, options, "list"),
        };
        const units = await store.list(filter);
        return options.limit === undefined ? units : units.slice(0, Math.max(0, options.limit));
      },
      false,
      "list",
    );
  }

  /** Changes a unit; content changes are validated, re-signed and re-embedded. */
  update(id: string, patch: UnitPatch): Promise<MemoryUnit> {
    return this.#run(
      async ({ store }) => {
        const old = await store.get(id);
        if (!this.#visible(old)) throw invalid("id", `no unit has id '${id}'`, "not_found");
        const next = patchUnit(old, patch);
        const [unit] = await embedUnits([next], this.#p.embedder, this.#p.signal);
        await store.update([unit]);
        await store.flush();
        return unit;
      },
      true,
      "update",
    );
  }

  /**
   * Forgets units for good: they leave every index, the vectors and the graph, and the store is
   * rewritten without them, so their text is nowhere on disk afterwards. What was forgotten (ids,
   * types, signatures, never the text) is appended to the audit ({@linkcode forgotten}). Returns
   * how many units were removed; units outside the memory's default scope are left alone.
   */
  delete(ids: string | readonly string[]): Promise<number> {
    const list = typeof ids === "string" ? [ids] : [...ids];
    if (list.some((id) => typeof id !== "string")) {
      return Promise.reject(invalid("ids", "must be strings"));
    }
    return this.#run(
      async ({ store }) => {
        const inScope: string[] = [];
        for (const id of list) if (this.#visible(await store.get(id))) inScope.push(id);
        const removed = await store.purge(inScope);
        await appendAudit(this.#p.auditPath, removed, "delete", this.#p.clock);
        return removed.length;
      },
      true,
      "delete",
    );
  }

  /**
   * Physically removes every inactive unit (deactivated by hand or by management) of the
   * memory's default scope, like `delete` for each of them; returns the audit entries written.
   */
  purge(): Promise<ForgottenUnit[]> {
    return this.#run(
      async ({ store }) => {
        const inactive = await store.list({ activeOnly: false, scope: this.#p.scope });
        const ids = inactive.filter((u) => !u.is_active).map((u) => u.id);
        const removed = ids.length > 0 ? await store.purge(ids) : [];
        return await appendAudit(this.#p.auditPath, removed, "purge", this.#p.clock);
      },
      true,
      "purge",
    );
  }

  /** The audit of forgotten units, oldest first (what, when, why; never their text). */
  forgotten(): Promise<ForgottenUnit[]> {
    return this.#run(() => readAudit(this.#p.auditPath), false, "forgotten");
  }

  /** Everything stored (units and graph edges), to back up or move a memory. */
  export(): Promise<StoreSnapshot> {
    return this.#run((m) => m.provider.exportPool(), false, "export");
  }

  /** Loads a snapshot (ids kept, existing ids replaced); new ids continue after the imported. */
  import(snapshot: StoreSnapshot): Promise<void> {
    if (!snapshot || !Array.isArray(snapshot.units) || !Array.isArray(snapshot.edges)) {
      return Promise.reject(invalid("snapshot", "must have `units` and `edges` arrays"));
    }
    // Validated before anything is embedded or stored: a malformed unit names its index.
    const issues = snapshot.units.flatMap((u, i) => {
      const parsed = MemoryUnitSchema.safeParse(u);
      return parsed.success ? [] : parsed.error.issues.slice(0, 1).map((issue) => ({
        code: "invalid_unit",
        path: ["units", i, ...issue.path.map((p) => typeof p === "number" ? p : String(p))],
        message: issue.message,
      }));
    });
    if (issues.length > 0) {
      return Promise.reject(new MemoryInputError("invalid_unit", "snapshot", issues));
    }
    return this.#run(
      async ({ provider, store }) => {
        await provider.importPool(snapshot);
        const all = await store.list({ activeOnly: false });
        this.#p.ids.next = continuingIds(this.#p.ids.prefix, all.map((u) => u.id));
      },
      true,
      "import",
    );
  }

  /** Flushes and closes the store; later calls fail. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#p.shared.close();
  }

  /** `await using memory = await createMemory(...)` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
