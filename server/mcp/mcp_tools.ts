/**
 * The memory's MCP tools, independent of the MCP SDK: each has a name, a description an agent
 * reads to decide when to call it, a zod input shape, and an action over an
 * {@linkcode AutomemMemory} that returns JSON. `mcp_adapter.ts` registers them with the SDK, so a
 * swap of SDK touches one file and these stay testable on their own.
 *
 * @module
 */
import { z } from "zod";
import { ENCODE_TYPES } from "../../core/space.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import { fromChatTranscript } from "../../memory/chat_transcript.ts";
import type { AutomemMemory } from "../../memory/memory_client.ts";

/** One tool: its input shape and what it does. */
export interface MemoryTool<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  run(memory: AutomemMemory, args: z.infer<z.ZodObject<S>>): Promise<unknown>;
}

function tool<S extends z.ZodRawShape>(t: MemoryTool<S>): MemoryTool {
  return t as unknown as MemoryTool;
}

/** What a client sees of a unit: no embedding (large and useless to an agent). */
export function unitView(unit: MemoryUnit): Omit<MemoryUnit, "embedding"> {
  const { embedding: _embedding, ...rest } = unit;
  return rest;
}

const taskShape = {
  task_id: z.string().min(1).describe("a stable id of the task, reused for its outcome"),
  task: z.string().min(1).describe("the task as the user stated it"),
};
const messages = z.array(z.record(z.string(), z.unknown())).describe(
  "the agent's OpenAI-style chat messages (user, assistant with tool_calls, tool)",
);

/** Every tool the MCP server offers. */
export const MEMORY_TOOLS: readonly MemoryTool[] = [
  tool({
    name: "memory_guidance",
    title: "Guidance for a task",
    description:
      "Call before starting a task: returns lessons from past tasks, with [memory:<id>] citations, or none. With phase 'refresh' and your progress so far, call at most once mid-task.",
    input: {
      ...taskShape,
      phase: z.enum(["begin", "refresh"]).default("begin"),
      progress: z.string().optional().describe("for phase 'refresh': what you have done so far"),
    },
    run: async (memory, a) => {
      const task = { id: a.task_id, text: a.task };
      const g = a.phase === "refresh"
        ? await memory.refresh(task, a.progress ?? "")
        : await memory.beginTask(task);
      return g ?? { text: "", unit_ids: [], note: "no guidance for this task" };
    },
  }),
  tool({
    name: "memory_search",
    title: "Search memory",
    description: "Ranked memory units for a query (the architecture's own retriever).",
    input: { query: z.string().min(1), k: z.number().int().min(1).max(50).default(5) },
    run: async (memory, a) =>
      (await memory.search(a.query, { k: a.k })).map((r) => ({
        score: r.score,
        unit: unitView(r.unit),
      })),
  }),
  tool({
    name: "memory_add_lesson",
    title: "Add a lesson",
    description: "Stores one lesson (a tip) by hand; returns the stored unit.",
    input: {
      text: z.string().min(1),
      use_when: z.array(z.string()).optional(),
      avoid_when: z.array(z.string()).optional(),
    },
    run: async (memory, a) => unitView(await memory.add(a)),
  }),
  tool({
    name: "memory_add_transcript",
    title: "Learn from a transcript",
    description:
      "Learns from a conversation or agent transcript that has no outcome (facts, procedures).",
    input: { ...taskShape, messages },
    run: (memory, a) =>
      memory.ingest(
        { id: a.task_id, text: a.task },
        fromChatTranscript(a.messages, { taskId: a.task_id, query: a.task }),
      ),
  }),
  tool({
    name: "memory_report_outcome",
    title: "Report a task's outcome",
    description:
      "Call when a task ends: memory learns from what you did (messages) and whether it worked.",
    input: {
      ...taskShape,
      success: z.boolean(),
      score: z.number().min(0).max(1).optional().describe("default 1 on success, 0 otherwise"),
      messages: messages.default([]),
    },
    run: (memory, a) =>
      memory.endTask(
        { id: a.task_id, text: a.task },
        fromChatTranscript(a.messages, { taskId: a.task_id, query: a.task }),
        { success: a.success, score: a.score ?? (a.success ? 1 : 0) },
      ),
  }),
  tool({
    name: "memory_get",
    title: "Get a unit",
    description: "One memory unit by id (as cited in guidance: [memory:<id>]).",
    input: { id: z.string().min(1) },
    run: async (memory, a) => {
      const unit = await memory.get(a.id);
      return unit === undefined ? { found: false, id: a.id } : unitView(unit);
    },
  }),
  tool({
    name: "memory_list",
    title: "List units",
    description: "Active memory units, optionally of one type.",
    input: {
      type: z.enum(ENCODE_TYPES).optional(),
      limit: z.number().int().min(1).max(500).default(50),
    },
    run: async (memory, a) =>
      (await memory.list({ types: a.type ? [a.type] : undefined, limit: a.limit })).map(unitView),
  }),
  tool({
    name: "memory_delete",
    title: "Delete a unit",
    description: "Deactivates a memory unit (soft delete); returns how many were active.",
    input: { id: z.string().min(1) },
    run: async (memory, a) => ({ deleted: await memory.delete(a.id) }),
  }),
];
