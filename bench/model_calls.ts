/**
 * `automem bench calls`: how many memory-side model calls an architecture makes per task, and
 * what they cost in tokens. For every retriever × management preset (the store is `json`, or
 * `graph` where the retriever or preset needs a graph), a provider is opened with a counting
 * scripted model as its memory model and driven through the same world-benchmark tasks by the
 * scripted agent (the agent itself makes no model call). Each call is grouped by its `purpose`:
 *
 * - `planner` (`query_planner`), `retrieval` (`cbr_rerank`, `hyde`), `composer`,
 * - `extraction` (`extract:*`), `management` (`manage:<op>`), `store` (LLM graph extraction).
 *
 * The scripted model answers every call with a reply its schema accepts (first fitting candidate
 * below), so no call is repeated for a malformed reply and every op runs its model path. Tokens are
 * the scripted model's estimates (prompt characters / 4 and reply characters / 4).
 *
 * @module
 */
import { join } from "node:path";
import type { z } from "../core/zod.ts";
import { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { ChatModel, ChatRequest, ChatResult } from "../core/ports.ts";
import { createRng } from "../core/rng.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import {
  compatibilityViolations,
  MANAGE_PRESETS,
  type ManagePreset,
  RETRIEVER_KINDS,
  type RetrieverKind,
  type StoreKind,
} from "../core/space.ts";
import { parseSpec } from "../core/spec.ts";
import { sequentialIds } from "../memory/ids.ts";
import { openMemory } from "../memory/open_memory.ts";
import { createWorldBenchmark } from "./world/benchmark.ts";

/** Call groups, in table order. */
export const CALL_GROUPS = [
  "planner",
  "retrieval",
  "composer",
  "extraction",
  "management",
  "store",
] as const;

/** One call group. */
export type CallGroup = typeof CALL_GROUPS[number];

/** The group of a request `purpose`. */
export function callGroup(purpose: string | undefined): CallGroup | "other" {
  const p = purpose ?? "";
  if (p === "query_planner") return "planner";
  if (p === "cbr_rerank" || p === "hyde") return "retrieval";
  if (p === "composer") return "composer";
  if (p.startsWith("extract:")) return "extraction";
  if (p.startsWith("manage:")) return "management";
  if (p === "llm_graph_extract") return "store";
  return "other";
}

/** One recorded call. */
export interface CallRecord {
  purpose: string;
  promptTokens: number;
  completionTokens: number;
}

/** Wraps a model and records every call it answers (or fails). */
export class CountingModel implements ChatModel {
  /** Model id of the wrapped model. */
  readonly id: string;
  /** Every call, in order. */
  readonly records: CallRecord[] = [];
  readonly #inner: ChatModel;

  /** Wraps `inner`. */
  constructor(inner: ChatModel) {
    this.#inner = inner;
    this.id = inner.id;
  }

  /** Forwards the request and records its purpose and token usage. */
  async chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const record = { purpose: request.purpose ?? "", promptTokens: 0, completionTokens: 0 };
    this.records.push(record);
    const result = await this.#inner.chat(request);
    record.promptTokens = result.usage.promptTokens;
    record.completionTokens = result.usage.completionTokens;
    return result;
  }
}

const TIP = { principle: "Check the task's required fields before the first tool call." };
const EXTRACTED: Record<string, unknown> = {
  tip: [TIP],
  insight: {
    root_cause_conclusion: "A required field was skipped.",
    corrective_strategy: "List required fields first.",
  },
  trajectory: { steps: [{ step_id: 0, action: "look up the request" }] },
  workflow: { agent_workflow: [{ step: 1, action: "read the request" }] },
  shortcut: {
    name: "lookup",
    action_sequence: [{ step: 1, tool_call: { tool_name: "lookup", args_pattern: "id" } }],
  },
};

/** Reply candidates tried in order against the request's schema. */
function candidates(request: ChatRequest): unknown[] {
  const pool = Math.max(1, Math.round(((request.maxTokens ?? 48) - 32) / 16));
  const shape = (request.schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const extraction = shape
    ? Object.fromEntries(Object.keys(shape).map((k) => [k, EXTRACTED[k]]))
    : {};
  return [
    extraction,
    { abstract_query: "find the required fields of the request" },
    { passages: ["The request names its required fields."] },
    { scores: Array.from({ length: pool }, (_, index) => ({ index, score: 5 })) },
    { keep_ids: [0], guidance: "Follow [M0].", no_guidance: false },
    { principle: TIP.principle },
    { verdict: "keep", keep: true, decision: "keep", winner: 0, reason: "consistent" },
    { corrective_strategy: "List required fields first.", root_cause_conclusion: "skipped field" },
    { entities: [], relations: [] },
    {},
  ];
}

/** A scripted memory model whose reply fits each request's schema when any candidate does. */
export function fittingScriptedModel(): ScriptedModel {
  return new ScriptedModel({
    id: "scripted-memory",
    rules: [(request) => {
      const schema = request.schema as z.ZodType | undefined;
      const list = candidates(request);
      if (!schema) return "{}";
      return list.find((c) => schema.safeParse(c).success) ?? "{}";
    }],
  });
}

/** One row: an architecture's calls and tokens per task. */
export interface CallRow {
  retrieve: RetrieverKind;
  manage: ManagePreset;
  store: StoreKind;
  tasks: number;
  /** Mean calls per task, per group. */
  per_task: Record<CallGroup | "other", number>;
  calls_per_task: number;
  prompt_tokens_per_task: number;
  completion_tokens_per_task: number;
  /** Share of tasks the scripted agent completed (guidance changes what it does). */
  success_rate: number;
}

/** Options of {@linkcode countModelCalls}. */
export interface CallCountOptions {
  /** World tasks run per architecture (default 30: three periodic passes). */
  tasks?: number;
  seed?: number;
  /** Parent of the per-architecture temp directories. */
  scratchDir?: string;
  retrievers?: readonly RetrieverKind[];
  presets?: readonly ManagePreset[];
}

/** Every compatible retriever × preset with the store it runs on. */
export function callMatrix(
  retrievers: readonly RetrieverKind[] = RETRIEVER_KINDS,
  presets: readonly ManagePreset[] = MANAGE_PRESETS,
): { retrieve: RetrieverKind; manage: ManagePreset; store: StoreKind }[] {
  return retrievers.flatMap((retrieve) =>
    presets.flatMap((manage) => {
      const store: StoreKind = retrieve === "graph" || manage === "graph_consolidate"
        ? "graph"
        : "json";
      return compatibilityViolations({ store, retrieve, manage }).length === 0
        ? [{ retrieve, manage, store }]
        : [];
    })
  );
}

/** Runs the tasks through every architecture of the matrix; yields one row per architecture. */
export async function* countModelCalls(options: CallCountOptions = {}): AsyncGenerator<CallRow> {
  const n = options.tasks ?? 30;
  const bench = createWorldBenchmark({ seed: options.seed ?? 1 });
  const tasks = bench.tasks().slice(0, n);
  for (const cell of callMatrix(options.retrievers, options.presets)) {
    const parsed = parseSpec({
      schema_version: "1",
      encode: ["tip", "insight", "trajectory", "workflow", "shortcut"],
      ...cell,
    });
    if (!parsed.ok) throw new RangeError(`invalid matrix cell ${JSON.stringify(cell)}`);
    const dir = await Deno.makeTempDir({ dir: options.scratchDir, prefix: "automem_calls_" });
    try {
      const embedder = new HashEmbedder(64);
      const model = new CountingModel(fittingScriptedModel());
      const clock = logicalClock();
      const provider = await openMemory(
        compileSpec(parsed.value, { baseDir: join(dir, "mem"), embeddingDim: embedder.dim }),
        { embedder, clock, newId: sequentialIds("u"), model },
      );
      let succeeded = 0;
      try {
        for (const task of tasks) {
          const r = await bench.runTask(task, provider, {
            clock,
            rng: createRng(options.seed ?? 1),
          });
          if (r.success) succeeded++;
        }
      } finally {
        await provider.close();
      }
      yield { ...rowOf(cell, tasks.length, model.records), success_rate: succeeded / tasks.length };
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  }
}

function rowOf(
  cell: { retrieve: RetrieverKind; manage: ManagePreset; store: StoreKind },
  tasks: number,
  records: readonly CallRecord[],
): Omit<CallRow, "success_rate"> {
  const per = (x: number) => Math.round((x / Math.max(1, tasks)) * 100) / 100;
  const counts = Object.fromEntries([...CALL_GROUPS, "other"].map((g) => [g, 0])) as Record<
    CallGroup | "other",
    number
  >;
  for (const r of records) counts[callGroup(r.purpose)]++;
  const sum = (f: (r: CallRecord) => number) => records.reduce((s, r) => s + f(r), 0);
  return {
    ...cell,
    tasks,
    per_task: Object.fromEntries(Object.entries(counts).map(([g, c]) => [g, per(c)])) as Record<
      CallGroup | "other",
      number
    >,
    calls_per_task: per(records.length),
    prompt_tokens_per_task: per(sum((r) => r.promptTokens)),
    completion_tokens_per_task: per(sum((r) => r.completionTokens)),
  };
}

/** The rows as a Markdown table. */
export function formatCallTable(rows: readonly CallRow[]): string {
  const head = [
    "retrieve",
    "manage",
    "store",
    ...CALL_GROUPS.map((g) => g === "store" ? "store calls" : g),
    "calls/task",
    "prompt tok/task",
    "success",
  ];
  const lines = [
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => i < 3 ? "---" : "---:").join("|")}|`,
  ];
  for (const r of rows) {
    const cells = [
      r.retrieve,
      r.manage,
      r.store,
      ...CALL_GROUPS.map((g) => String(r.per_task[g])),
      String(r.calls_per_task),
      String(Math.round(r.prompt_tokens_per_task)),
      r.success_rate.toFixed(2),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
