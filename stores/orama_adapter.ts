/**
 * The only file that imports `@orama/orama` (3.1.18). It wraps one Orama index of unit metadata
 * (type, outcome, active flag, source task, scope tokens), optionally the unit text for BM25, and
 * optionally a vector field, behind a small API that speaks store terms.
 *
 * Guards against Orama 3.1.18 behaviour, each covered by a test:
 * - Any `search()` without `includeVectors: true` overwrites the vector field of the stored
 *   document, and of the object the caller inserted, with `null`. Every search here passes
 *   `includeVectors: true`, and Orama only ever receives objects built here, never a caller's.
 * - Term lookup is by prefix ("web" also finds "website") unless `exact`, and `exact` adds a
 *   case-sensitive regex filter over the raw text. The tokenizer therefore appends a terminator
 *   to every term, which makes a prefix lookup a whole-term lookup.
 * - Orama counts a term once per token it is given, so tokens are de-duplicated per document
 *   (Orama's own tokenizer does the same); its BM25 then scores term presence, not frequency.
 * - Hits with equal scores come back in insertion order; ties are re-ranked by id here so the
 *   ranking does not depend on the order units were (re)indexed.
 *
 * @module
 */
import type { AnySchema, SearchParams } from "npm:@orama/orama@3.1.18";
import type { ScoredId, UnitFilter } from "./store_port.ts";
import { StoreError } from "./store_error.ts";
import { compareRanked } from "./top_k.ts";
import { tokenize } from "./tokenize.ts";
import { validateFilter } from "./unit_filter.ts";
import { compactScope, scopeTokens } from "../core/unit_scope.ts";

const TERMINATOR = "\u0001";
const NO_OUTCOME = "none";

/** A document as the stores describe it; converted to a private Orama document on insert. */
export interface OramaDoc {
  id: string;
  type: string;
  outcome: "success" | "failure" | "";
  active: boolean;
  task: string;
  /** The unit's scope tokens (`scopeTokens` of `core/unit_scope.ts`), matched with containsAll. */
  scope?: readonly string[];
  /** Required when the index was created with `text: true`. */
  text?: string;
  /** Required when the index was created with `vectorDim`. */
  vector?: ArrayLike<number> | null;
}

/** Index options. */
export interface OramaIndexOptions {
  /** Index unit text for BM25. */
  text: boolean;
  /** Add a vector field of this width (Orama's own vector search, used for comparison only). */
  vectorDim?: number;
}

// deno-lint-ignore no-explicit-any
type AnyDb = any;
type Orama = typeof import("npm:@orama/orama@3.1.18");
let oramaLoad: Promise<Orama> | undefined;
/** Orama, imported when the first index is created: importing automem alone never loads it. */
const loadOrama = (): Promise<Orama> => oramaLoad ??= import("npm:@orama/orama@3.1.18");

const tokenizer = {
  language: "english",
  normalizationCache: new Map<string, string>(),
  tokenize(raw: string): string[] {
    return [...new Set(tokenize(raw))].map((t) => t + TERMINATOR);
  },
};

/** One Orama index of unit metadata (and optionally text and vectors). */
export class OramaIndex {
  readonly #orama: Orama;
  readonly #db: AnyDb;
  readonly #options: OramaIndexOptions;

  private constructor(orama: Orama, db: AnyDb, options: OramaIndexOptions) {
    this.#orama = orama;
    this.#db = db;
    this.#options = options;
  }

  /** Creates an empty index. */
  static async create(options: OramaIndexOptions): Promise<OramaIndex> {
    const orama = await loadOrama();
    const schema: Record<string, string> = {
      type: "enum",
      outcome: "enum",
      active: "boolean",
      task: "enum",
      scope: "enum[]",
    };
    if (options.text) schema.text = "string";
    if (options.vectorDim) schema.vector = `vector[${options.vectorDim}]`;
    return new OramaIndex(
      orama,
      orama.create({ schema: schema as AnySchema, components: { tokenizer } }),
      options,
    );
  }

  /** Whether unit text is indexed for BM25. */
  get indexesText(): boolean {
    return this.#options.text;
  }

  /** Number of indexed documents. */
  get size(): number {
    return this.#orama.count(this.#db);
  }

  /** Inserts documents, replacing any with the same id. */
  async upsert(docs: readonly OramaDoc[]): Promise<void> {
    if (docs.length === 0) return;
    const ids = docs.map((d) => d.id).filter((id) =>
      this.#orama.getByID(this.#db, id) !== undefined
    );
    if (ids.length > 0) await this.#orama.removeMultiple(this.#db, ids);
    await this.#orama.insertMultiple(this.#db, docs.map((d) => this.#toOrama(d)), 1000);
  }

  /** Removes documents by id (missing ids are ignored). */
  async remove(ids: readonly string[]): Promise<void> {
    const present = ids.filter((id) => this.#orama.getByID(this.#db, id) !== undefined);
    if (present.length > 0) await this.#orama.removeMultiple(this.#db, present);
  }

  /** BM25 top-k over the text field among documents matching `filter`. */
  async textSearch(query: string, k: number, filter: UnitFilter | undefined): Promise<ScoredId[]> {
    if (!this.#options.text) {
      throw new StoreError("invalid_argument", ["text"], "this Orama index has no text field");
    }
    const where = whereOf(filter);
    if (k <= 0 || where === null || tokenizer.tokenize(query).length === 0) return [];
    return await this.#ranked(k, (limit) => ({
      term: query,
      properties: ["text"],
      where,
      limit,
      threshold: 1,
    }));
  }

  /** Orama's own vector search (cosine, similarity ≥ 0), for comparison with the flat scan. */
  async vectorSearch(
    vector: Float32Array,
    k: number,
    filter: UnitFilter | undefined,
  ): Promise<ScoredId[]> {
    if (!this.#options.vectorDim) {
      throw new StoreError("invalid_argument", ["vector"], "this Orama index has no vector field");
    }
    const where = whereOf(filter);
    if (k <= 0 || where === null) return [];
    return await this.#ranked(k, (limit) => ({
      mode: "vector",
      vector: { value: Array.from(vector), property: "vector" },
      similarity: 0,
      where,
      limit,
    }));
  }

  /** Ids of all documents matching `filter`. */
  async matchingIds(filter: UnitFilter | undefined): Promise<Set<string>> {
    const where = whereOf(filter);
    if (where === null) return new Set();
    const size = this.size;
    if (size === 0) return new Set();
    const result = await this.#orama.search(this.#db, { where, limit: size, includeVectors: true });
    return new Set(result.hits.map((h: { id: string }) => h.id));
  }

  /** The vector Orama holds for `id` (for tests of the includeVectors guard). */
  storedVector(id: string): number[] | null | undefined {
    const doc = this.#orama.getByID(this.#db, id) as { vector?: number[] | null } | undefined;
    return doc === undefined ? undefined : doc.vector ?? null;
  }

  /** Runs a search with growing limits until ties at rank k are fully seen, then re-ranks. */
  async #ranked(
    k: number,
    params: (limit: number) => Record<string, unknown>,
  ): Promise<ScoredId[]> {
    let limit = k + 16;
    for (;;) {
      const result = await this.#orama.search(this.#db, {
        ...params(limit),
        includeVectors: true,
      } as SearchParams<AnyDb>);
      const hits: ScoredId[] = result.hits.map((h: { id: string; score: number }) => ({
        id: h.id,
        score: h.score,
      }));
      const exhausted = hits.length < limit || result.count <= limit;
      if (exhausted || hits.length <= k || hits[k - 1].score !== hits.at(-1)!.score) {
        return hits.sort(compareRanked).slice(0, k);
      }
      limit *= 2;
    }
  }

  #toOrama(doc: OramaDoc): Record<string, unknown> {
    const out: Record<string, unknown> = {
      id: doc.id,
      type: doc.type,
      outcome: doc.outcome || NO_OUTCOME,
      active: doc.active,
      task: doc.task,
      scope: [...doc.scope ?? []],
    };
    if (this.#options.text) out.text = doc.text ?? "";
    if (this.#options.vectorDim && doc.vector) out.vector = Array.from(doc.vector);
    return out;
  }
}

/** The Orama `where` clause of a filter, or null when the filter can match nothing. */
function whereOf(filter: UnitFilter | undefined): Record<string, unknown> | null {
  validateFilter(filter);
  const where: Record<string, unknown> = {};
  if (filter?.activeOnly ?? true) where.active = true;
  if (filter?.types) {
    if (filter.types.length === 0) return null;
    where.type = { in: [...filter.types] };
  }
  if (filter?.outcomes) {
    if (filter.outcomes.length === 0) return null;
    where.outcome = { in: filter.outcomes.map((o) => o || NO_OUTCOME) };
  }
  if (filter?.excludeTaskIds?.length) where.task = { nin: [...filter.excludeTaskIds] };
  const scope = scopeTokens(compactScope(filter?.scope));
  if (scope.length > 0) where.scope = { containsAll: scope };
  return where;
}
