/**
 * `automem locomo`: the memory core's first external yardstick. Each LoCoMo conversation gets its
 * own fresh memory (a temp directory), every session is ingested through the architecture's
 * encoders (`provider.ingest`), and every question with resolvable evidence is asked through
 * `provider.search(question, max k)`. Retrieved units cover the turns in their `source_refs`;
 * see `locomo_metrics.ts` for the exact recall@k and MRR rule. A plain BM25 over the turns of the
 * same conversation (turn text `"Speaker: text"` with `[image: caption]`, k1 1.2, b 0.75; see
 * `locomo_bm25.ts` for its stop list) is computed in the same run as the baseline.
 *
 * Offline by default; with a model, the encoders, planner and model-based retrievers use it.
 *
 * @module
 */
import { join } from "node:path";
import { compileSpec } from "../core/compiler.ts";
import type { ChatModel, Clock, Embedder } from "../core/ports.ts";
import { type ArchitectureSpec, fingerprint } from "../core/spec.ts";
import { sequentialIds } from "./ids.ts";
import { TurnBm25 } from "./locomo_bm25.ts";
import { normalizeKs, type RecallBlock, RecallTable, scoreQuestion } from "./locomo_metrics.ts";
import { openMemory, type OpenMemoryDeps } from "./open_memory.ts";
import { type LocomoConversation, parseLocomo } from "./trajectory_io/locomo.ts";

/** Options of {@linkcode evaluateLocomo}. */
export interface LocomoEvalOptions {
  spec: ArchitectureSpec;
  /** Path of `locomo10.json`. */
  dataPath: string | URL;
  /** 1-based conversation numbers in file order (default: all). */
  conversations?: readonly number[];
  /** Cut-offs of recall@k (default 1, 5, 10, 20). */
  ks?: readonly number[];
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
  /** Called after each conversation (progress display). */
  onConversation?: (info: ConversationReport) => void;
  signal?: AbortSignal;
}

/** What one conversation contributed. */
export interface ConversationReport {
  index: number;
  sample_id: string;
  sessions: number;
  questions: number;
  units: number;
}

/** The evaluation result, printed by `automem locomo --json`. */
export interface LocomoEvalResult {
  spec_fingerprint: string;
  /** The 1-based conversation numbers evaluated. */
  conversations: number[];
  /** Questions scored (those with at least one resolvable evidence turn). */
  questions: number;
  /** Questions skipped because none of their evidence ids resolves to a turn. */
  skipped_questions: number;
  architecture: RecallBlock;
  baseline_bm25: RecallBlock;
  wall_s: number;
}

/** Default cut-offs. */
export const DEFAULT_KS: readonly number[] = [1, 5, 10, 20];

/** Reads and parses the data file; throws with every issue when it is not valid LoCoMo. */
export async function loadLocomo(path: string | URL): Promise<LocomoConversation[]> {
  const parsed = parseLocomo(await Deno.readTextFile(path));
  if (!parsed.ok) {
    const head = parsed.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid LoCoMo file ${String(path)}: ${head.join("; ")}`);
  }
  return parsed.value.conversations;
}

/** Resolves 1-based conversation numbers against the file; throws on an out-of-range number. */
export function selectConversations(
  all: readonly LocomoConversation[],
  numbers: readonly number[] | undefined,
): number[] {
  const chosen = numbers ?? all.map((_, i) => i + 1);
  if (chosen.length === 0) throw new RangeError("conversations: at least one is needed");
  for (const n of chosen) {
    if (!Number.isInteger(n) || n < 1 || n > all.length) {
      throw new RangeError(`conversations: ${n} is not in 1..${all.length}`);
    }
  }
  return [...new Set(chosen)];
}

/** BM25 over the conversation's turns: for each question, the top `k` turn ids. */
export function bm25TurnRankings(
  conv: LocomoConversation,
  questions: readonly string[],
  k: number,
): string[][] {
  const index = new TurnBm25(
    conv.sessions.flatMap((session) =>
      session.trajectory.steps.map((step) => ({
        id: step.ref,
        text: `${step.speaker ?? ""}: ${step.text ?? ""}`,
      }))
    ),
  );
  return questions.map((q) => index.search(q, k));
}

/** Runs the evaluation (see the module docs). */
export async function evaluateLocomo(options: LocomoEvalOptions): Promise<LocomoEvalResult> {
  const started = performance.now();
  const ks = normalizeKs(options.ks ?? DEFAULT_KS);
  const maxK = ks[ks.length - 1];
  const all = await loadLocomo(options.dataPath);
  const numbers = selectConversations(all, options.conversations);
  const arch = new RecallTable(ks);
  const bm25 = new RecallTable(ks);
  let questions = 0;
  let skipped = 0;
  for (const n of numbers) {
    const conv = all[n - 1];
    const asked = conv.questions.filter((q) => q.evidence.length > 0);
    skipped += conv.questions.length - asked.length;
    const ranked = await architectureRankings(conv, n, asked.map((q) => q.question), maxK, options);
    const baseline = bm25TurnRankings(conv, asked.map((q) => q.question), maxK);
    asked.forEach((q, i) => {
      arch.add(q.category, scoreQuestion(ranked.refs[i], q.evidence, ks));
      bm25.add(q.category, scoreQuestion(baseline[i].map((id) => [id]), q.evidence, ks));
    });
    questions += asked.length;
    options.onConversation?.({
      index: n,
      sample_id: conv.sample_id,
      sessions: conv.sessions.length,
      questions: asked.length,
      units: ranked.units,
    });
  }
  return {
    spec_fingerprint: fingerprint(options.spec),
    conversations: numbers,
    questions,
    skipped_questions: skipped,
    architecture: arch.summary(),
    baseline_bm25: bm25.summary(),
    wall_s: Math.round((performance.now() - started) / 10) / 100,
  };
}

async function architectureRankings(
  conv: LocomoConversation,
  n: number,
  questions: readonly string[],
  k: number,
  options: LocomoEvalOptions,
): Promise<{ refs: string[][][]; units: number }> {
  const dir = await Deno.makeTempDir({ dir: options.scratchDir, prefix: "automem_locomo_" });
  try {
    const plan = compileSpec(options.spec, {
      baseDir: join(dir, `conv${n}`),
      embeddingDim: options.embedder.dim,
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
      const refs: string[][][] = [];
      for (const q of questions) {
        const hits = await provider.search(q, k);
        refs.push(hits.map((h) => h.unit.source_refs));
      }
      return { refs, units: pool.units.filter((u) => u.is_active).length };
    } finally {
      await provider.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
