/**
 * Seeded synthetic memory units for benchmarks and tests: every encode type, words drawn from a
 * Zipf-Mandelbrot law, weight 1/(rank + 10), over a pseudo-word vocabulary — roughly the shape of
 * English content words once stop words are gone, so BM25 sees realistic postings — proper
 * nouns and tool calls (so entity extraction has work to do), and random unit-length vectors.
 * The same seed gives the same units.
 *
 * @module
 */
import { isoUtc } from "../core/clock.ts";
import type { Rng } from "../core/ports.ts";
import { createRng } from "../core/rng.ts";
import { ENCODE_TYPES, type EncodeType } from "../core/space.ts";
import { contentText, type MemoryUnit, storageTokens, unitSignature } from "../core/unit.ts";

/** Options of {@linkcode syntheticUnits}. */
export interface SyntheticOptions {
  /** Embedding dimension; 0 gives units without embeddings. */
  dim: number;
  seed: number | string;
  /** Distinct words (default 20000). */
  vocabulary?: number;
  /** Units per source task on average (default 5). */
  unitsPerTask?: number;
}

const SYLLABLES = ["ka", "lo", "mi", "ren", "sa", "tu", "vo", "ex", "dra", "pel", "quo", "zin"];
const PROPER = [
  "Wikipedia",
  "GitHub",
  "Python",
  "New York",
  "Google Scholar",
  "World Bank",
  "Excel",
];
const TOOLS = ["web_search", "crawl_page", "file_inspection", "calculator", "visit_webpage"];
const TAGS = ["fact_lookup", "numeric", "multi_hop", "file_task", "date_reasoning", "comparison"];
const CATEGORIES = ["planning_and_decision", "tool_and_search", "answer_format", "file_handling"];
const PATTERNS = ["wrong_entity", "incomplete_search", "format_error", "tool_misuse"];

class Words {
  readonly #words: string[];
  readonly #cumulative: Float64Array;

  constructor(size: number, rng: Rng) {
    const seen = new Set<string>();
    while (seen.size < size) {
      const n = 2 + rng.int(4);
      let w = "";
      for (let i = 0; i < n; i++) w += SYLLABLES[rng.int(SYLLABLES.length)];
      seen.add(w);
    }
    this.#words = [...seen];
    this.#cumulative = new Float64Array(size);
    let total = 0;
    for (let r = 0; r < size; r++) this.#cumulative[r] = total += 1 / (r + 11);
  }

  word(rng: Rng): string {
    const x = rng.next() * this.#cumulative[this.#cumulative.length - 1];
    let lo = 0, hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.#words[lo];
  }

  sentence(rng: Rng, n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.word(rng));
    if (rng.int(3) === 0) out.splice(rng.int(out.length), 0, PROPER[rng.int(PROPER.length)]);
    return out.join(" ");
  }
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

function content(type: EncodeType, rng: Rng, w: Words): Record<string, unknown> {
  const tags = [pick(rng, TAGS), pick(rng, TAGS)].filter((t, i, a) => a.indexOf(t) === i);
  const call = () => `${pick(rng, TOOLS)}("${w.sentence(rng, 3)}") then ${w.sentence(rng, 4)}`;
  switch (type) {
    case "tip":
      return {
        topic: w.sentence(rng, 2),
        principle: w.sentence(rng, 12),
        applicability: w.sentence(rng, 8),
        category: pick(rng, CATEGORIES),
        task_type_tags: tags,
        use_when: [w.sentence(rng, 5)],
      };
    case "insight":
      return {
        failure_pattern: pick(rng, PATTERNS),
        root_cause_conclusion: `${w.sentence(rng, 10)}. ${w.sentence(rng, 6)}.`,
        corrective_strategy: w.sentence(rng, 10),
        detection_signal: w.sentence(rng, 6),
        task_type_tags: tags,
      };
    case "trajectory":
      return {
        key_decision: w.sentence(rng, 10),
        critical_observation: w.sentence(rng, 8),
        tool_strategy: w.sentence(rng, 6),
        steps: [1, 2, 3].map((i) => ({
          step_id: i,
          action: call(),
          observation: w.sentence(rng, 6),
        })),
      };
    case "workflow":
      return {
        agent_workflow: [1, 2].map((step) => ({
          step,
          action: call(),
          rationale: w.sentence(rng, 6),
        })),
        search_workflow: [{
          step: 1,
          query_formulation: w.sentence(rng, 5),
          validation_criteria: w.sentence(rng, 5),
        }],
        chain_type: "web",
        use_when: [w.sentence(rng, 5)],
      };
    case "shortcut":
      return {
        name: `${w.word(rng)}_${w.word(rng)}`,
        description: w.sentence(rng, 10),
        precondition: w.sentence(rng, 6),
      };
  }
}

function unitVector(rng: Rng, dim: number): number[] {
  const v = new Array<number>(dim);
  let n = 0;
  for (let i = 0; i < dim; i++) {
    v[i] = rng.next() * 2 - 1;
    n += v[i] * v[i];
  }
  n = Math.sqrt(n);
  for (let i = 0; i < dim; i++) v[i] /= n;
  return v;
}

/** `count` units numbered from `start`; unit i depends only on (seed, i). */
export function syntheticUnits(count: number, options: SyntheticOptions, start = 0): MemoryUnit[] {
  const root = createRng(options.seed);
  const words = new Words(options.vocabulary ?? 20000, root.fork("vocabulary"));
  const perTask = options.unitsPerTask ?? 5;
  const out: MemoryUnit[] = [];
  for (let i = start; i < start + count; i++) {
    const rng = root.fork(`unit:${i}`);
    const type = ENCODE_TYPES[i % ENCODE_TYPES.length];
    const body = content(type, rng, words);
    const outcome = type === "insight" ? "failure" : rng.int(4) === 0 ? "failure" : "success";
    const task = `task-${Math.floor(i / perTask)}`;
    const unit: MemoryUnit = {
      id: `u${String(i).padStart(7, "0")}`,
      type,
      signature: unitSignature(body),
      content: body,
      source_task_id: task,
      source_task_query: `question of ${task}: ${words.sentence(root.fork(task), 8)}`,
      task_outcome: outcome,
      source_refs: [],
      extraction_model: "synthetic",
      confidence: Math.round(rng.next() * 100) / 100,
      usage_count: 0,
      success_count: 0,
      created_at: isoUtc(Date.UTC(2026, 0, 1) + i * 1000),
      last_accessed: null,
      access_count: 0,
      decay_weight: 1,
      is_active: true,
      storage_tokens: 1,
      applicable_task_types: (body.task_type_tags as string[] | undefined) ?? [],
      use_when: (body.use_when as string[] | undefined) ?? [],
      avoid_when: [],
      is_negative_example: type === "insight",
      conflict_count: 0,
      superseded_by: null,
      relations: [],
      embedding: options.dim > 0 ? unitVector(rng, options.dim) : null,
    };
    unit.storage_tokens = storageTokens(contentText(unit));
    out.push(unit);
  }
  return out;
}

/** A random unit-length query vector for benchmarks. */
export function syntheticQuery(dim: number, seed: number | string): Float32Array {
  return Float32Array.from(unitVector(createRng(seed), dim));
}
