/**
 * A deterministic benchmark for engine tests. Tasks come in families; a task succeeds when the
 * injected guidance carries its family's know-how, which a memory only holds after solving (or,
 * with `insight`, failing) an earlier task of that family. Each architecture also gets a fixed
 * quality from its fingerprint, so the search has a landscape to climb. Without memory a task
 * succeeds by a fixed hash of its id.
 *
 * @module
 */
import { sha256Hex } from "../../core/canonical_json.ts";
import type { Benchmark, BenchTask, RunDeps, TaskResult } from "../../bench/benchmark_port.ts";
import type { MemoryProvider } from "../../memory/provider_port.ts";

/** A number in [0, 1) from a string. */
export function unitHash(s: string): number {
  return parseInt(sha256Hex(s).slice(0, 8), 16) / 0x1_0000_0000;
}

/** Options of the fake benchmark. */
export interface FakeBenchmarkOptions {
  /** Number of tasks (default 24). */
  n?: number;
  /** Number of families (default 4). */
  families?: number;
  /** Baseline success rate (default 0.35). */
  baseRate?: number;
  /** Marks scores synthetic (dry-run style). */
  synthetic?: boolean;
  /** Called before every task (tests use it to kill or count). */
  onTask?: (task: BenchTask, deps: RunDeps) => void | Promise<void>;
}

const FAMILY_WORDS = [
  "invoice",
  "backup",
  "deploy",
  "report",
  "migrate",
  "audit",
  "ticket",
  "export",
];

/** Builds the fake benchmark. */
export function createFakeBenchmark(opts: FakeBenchmarkOptions = {}): Benchmark {
  const n = opts.n ?? 24;
  const families = opts.families ?? 4;
  const baseRate = opts.baseRate ?? 0.35;
  const hash = sha256Hex(`fake-bench:${n}:${families}:${baseRate}`);
  const tasks: BenchTask[] = Array.from({ length: n }, (_, i) => {
    const fam = i % families;
    return {
      id: `fake-${String(i).padStart(3, "0")}`,
      text: `Please ${FAMILY_WORDS[fam % FAMILY_WORDS.length]} the records for client ${i}`,
      level: 1 + (fam % 3),
      identity: `${hash}:${i}`,
      metadata: { family: `family:${FAMILY_WORDS[fam % FAMILY_WORDS.length]}`, answer: "done" },
    };
  });
  async function runTask(
    task: BenchTask,
    provider: MemoryProvider,
    deps: RunDeps,
  ): Promise<TaskResult> {
    await opts.onTask?.(task, deps);
    const started = deps.clock.now();
    const ctx = { id: task.id, text: task.text, level: task.level, metadata: task.metadata };
    const guidance = await provider.beginTask(ctx);
    const family = String(task.metadata.family);
    const word = family.split(":")[1];
    const hit = guidance !== null && guidance.text.includes(word);
    const quality = provider.plan ? unitHash(provider.plan.fingerprint) : 0;
    const base = unitHash(`base:${task.id}`) < baseRate ? 1 : 0;
    const score = hit ? (quality > 0.3 ? 1 : 0.5) : provider.plan && quality > 0.85 ? 1 : base;
    const success = score >= 1;
    await provider.endTask(ctx, {
      task_id: task.id,
      query: task.text,
      steps: [{
        ref: "step:0",
        kind: "action",
        tool: word,
        args: {},
        observation: success ? "ok" : "error",
      }],
      final_answer: `${word} procedure for ${family}`,
    }, { success, score });
    const memoryTokens = guidance?.tokens ?? 0;
    return {
      task_id: task.id,
      identity: task.identity,
      level: task.level,
      success,
      score,
      judge_status: opts.synthetic ? "synthetic" : "rule",
      steps: 1,
      tokens: { task: { prompt: 100 + memoryTokens, completion: 20 } },
      total_tokens: 120 + memoryTokens,
      memory_tokens: memoryTokens,
      latency_ms: Math.max(0, deps.clock.now() - started),
      answer: success ? "done" : "not done",
      trace: provider.traceOf(task.id) ?? null,
    };
  }
  return {
    id: "fake",
    datasetHash: hash,
    synthetic: opts.synthetic ?? false,
    tasks: () => tasks,
    runTask,
  };
}
