/**
 * The architecture side of `automem locomo`: one conversation gets its own fresh memory (a temp
 * directory), every session is ingested through the architecture's encoders
 * (`provider.ingest`), and every question is asked through `provider.search` at the fixed depth
 * {@linkcode LOCOMO_RANK_DEPTH}. Each hit keeps its `source_refs` and the length of its shown
 * text (`shownText`), which the budget families read.
 *
 * @module
 */
import { join } from "node:path";
import { compileSpec } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
import { sequentialIds } from "./ids.ts";
import { openMemory, type OpenMemoryDeps } from "./open_memory.ts";
import { shownText } from "./runtime/unit_format.ts";
import type { LocomoConversation } from "./trajectory_io/locomo.ts";

/** Depth of every ranking (units per question; turns for BM25). */
export const LOCOMO_RANK_DEPTH = 50;

/** One retrieved unit of a question's ranking. */
export interface RankedEntry {
  unit_id: string;
  type: string;
  score: number;
  refs: string[];
  chars: number;
}

/** What ranking one conversation needs. */
export interface RankingOptions {
  spec: ArchitectureSpec;
  /** Retriever parameters over the defaults (e.g. `{ keyword_weight: 0 }` for dense only). */
  retrieveParams?: Readonly<Record<string, number>>;
  embedder: Embedder;
  clock: Clock;
  model?: ChatModel;
  /** Parent of the per-conversation temp directories (default: the system temp dir). */
  scratchDir?: string;
  /** Factory overrides passed to `openMemory` (tests, alternative stores). */
  factories?: Pick<
    OpenMemoryDeps,
    "encoder" | "retrieverFactory" | "storeFactory" | "managementFactory"
  >;
  /** Called after each ingested session (progress display; may throw to stop the run). */
  onSession?: (conversation: number, done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Ingests conversation `n` into a fresh memory and ranks every question; `units` is the number
 * of active units the memory ended with.
 */
export async function architectureRankings(
  conv: LocomoConversation,
  n: number,
  questions: readonly string[],
  options: RankingOptions,
): Promise<{ entries: RankedEntry[][]; units: number }> {
  const dir = await Deno.makeTempDir({ dir: options.scratchDir, prefix: "automem_locomo_" });
  try {
    const plan = compileSpec(options.spec, {
      baseDir: join(dir, `conv${n}`),
      embeddingDim: options.embedder.dim,
      retrieveOverrides: options.retrieveParams,
    });
    const provider = await openMemory(plan, {
      embedder: options.embedder,
      clock: options.clock,
      newId: sequentialIds(`c${n}`),
      model: options.model,
      signal: options.signal,
      ...options.factories,
    });
    try {
      for (const [i, session] of conv.sessions.entries()) {
        const t = session.trajectory;
        await provider.ingest({ id: t.task_id, text: t.query }, t);
        options.onSession?.(n, i + 1, conv.sessions.length);
      }
      const pool = await provider.exportPool();
      const entries: RankedEntry[][] = [];
      for (const q of questions) {
        const hits = await provider.search(q, LOCOMO_RANK_DEPTH);
        entries.push(hits.map((h) => ({
          unit_id: h.unit.id,
          type: h.unit.type,
          score: h.score,
          refs: [...h.unit.source_refs],
          chars: shownText(h.unit).length,
        })));
      }
      return { entries, units: pool.units.filter((u) => u.is_active).length };
    } finally {
      await provider.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
