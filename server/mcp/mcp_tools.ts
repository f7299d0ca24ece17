/**
 * The memory's MCP tools, independent of the MCP SDK: each has a name, a description an agent
 * reads to decide when to call it, a zod input shape, and an action over an
 * {@linkcode AutomemMemory} that returns JSON. `mcp_adapter.ts` registers them with the SDK, so a
 * swap of SDK touches one file and these stay testable on their own.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { ENCODE_TYPES } from "../../core/space.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import { MetadataSchema, ScopeIdSchema } from "../../core/unit_scope.ts";
import { fromChatTranscript } from "../../memory/chat_transcript.ts";
import type { AutomemMemory } from "../../memory/memory_client.ts";
import { pageOf } from "./mcp_pages.ts";

/** The MCP tool annotations a client reads to decide what needs the user's confirmation. */
export interface ToolHints {
  /** The tool changes nothing. */
  readOnlyHint: boolean;
  /** The tool may destroy or overwrite what is stored (meaningful when not read-only). */
  destructiveHint: boolean;
  /** Calling it twice with the same arguments has no further effect. */
  idempotentHint: boolean;
  /** The tool talks to nothing outside the memory (always false: it is a closed world). */
  openWorldHint: false;
}

/** Hints of a tool that only reads. */
export const READS: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Hints of a tool that adds without destroying. */
export const ADDS: ToolHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
/** Hints of a tool that removes or overwrites. */
export const DESTROYS: ToolHints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

/** One tool: its input shape and what it does. */
export interface MemoryTool<S extends z.ZodRawShape = z.ZodRawShape> {
  /** The tool's MCP name (`memory_*`). */
  name: string;
  /** A short human title. */
  title: string;
  /** What the tool does, for the model choosing it. */
  description: string;
  /** Read-only / destructive hints for the client. */
  annotations: ToolHints;
  /** The zod shape of the arguments object. */
  input: S;
  /** Runs the tool on parsed arguments; the result is sent as JSON. */
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
/**
 * The scope fields every reading and writing tool takes: on a write whom the unit belongs to, on
 * a read the exact-match filter; each overrides the server's default (`--user_id` and friends).
 */
const scopeShape = {
  user_id: ScopeIdSchema.optional().describe("the user the memory belongs to"),
  agent_id: ScopeIdSchema.optional().describe("the agent the memory belongs to"),
  project: ScopeIdSchema.optional().describe("the project (workspace, run) it belongs to"),
  metadata: MetadataSchema.optional().describe(
    "flat metadata (string, number, boolean values); on a read, every key must match exactly",
  ),
};

/** The scope fields of a tool's arguments. */
function scopeOf(a: z.infer<z.ZodObject<typeof scopeShape>>) {
  const { user_id, agent_id, project, metadata } = a;
  return { user_id, agent_id, project, metadata };
}

const messages = z.array(z.record(z.string(), z.unknown())).describe(
  "the agent's OpenAI-style chat messages (user, assistant with tool_calls, tool)",
);

/** Every tool the MCP server offers. */
export const MEMORY_TOOLS: readonly MemoryTool[] = [
  tool({
    name: "memory_guidance",
    annotations: READS,
    title: "Guidance for a task",
    description:
      "Call before starting a task: returns lessons from past tasks, with [memory:<id>] citations, or none. With phase 'refresh' and your progress so far, call at most once mid-task.",
    input: {
      ...taskShape,
      phase: z.enum(["begin", "refresh"]).default("begin"),
      progress: z.string().optional().describe("for phase 'refresh': what you have done so far"),
      ...scopeShape,
    },
    run: async (memory, a) => {
      const task = { id: a.task_id, text: a.task, scope: scopeOf(a) };
      const g = a.phase === "refresh"
        ? await memory.refresh(task, a.progress ?? "")
        : await memory.beginTask(task);
      return g ?? { text: "", unit_ids: [], note: "no guidance for this task" };
    },
  }),
  tool({
    name: "memory_search",
    annotations: READS,
    title: "Search memory",
    description:
      "Ranked memory units for a query (the architecture's own retriever), only among units of the given user_id/agent_id/project/metadata (exact match, applied before the top k). `min_score` drops hits whose score (the retriever's absolute similarity, 0..1) is below it.",
    input: {
      query: z.string().min(1),
      k: z.number().int().min(1).max(50).default(5),
      min_score: z.number().min(0).max(1).optional().describe(
        "drop hits scoring below this: the retriever's absolute similarity (dense cosine; a keyword-only hit of hybrid reports its normalised keyword score)",
      ),
      ...scopeShape,
    },
    run: async (memory, a) =>
      (await memory.search(a.query, { k: a.k, ...scopeOf(a) }))
        .filter((r) => a.min_score === undefined || r.score >= a.min_score)
        .map((r) => ({ score: r.score, unit: unitView(r.unit) })),
  }),
  tool({
    name: "memory_add_lesson",
    annotations: ADDS,
    title: "Add a lesson",
    description:
      "Stores one lesson (a tip) by hand, owned by the given user_id/agent_id/project and tagged with metadata; returns the stored unit.",
    input: {
      text: z.string().min(1),
      use_when: z.array(z.string()).optional(),
      avoid_when: z.array(z.string()).optional(),
      ...scopeShape,
    },
    run: async (memory, a) => unitView(await memory.add(a)),
  }),
  tool({
    name: "memory_add_transcript",
    annotations: ADDS,
    title: "Learn from a transcript",
    description:
      "Learns from a conversation or agent transcript that has no outcome (facts, procedures).",
    input: { ...taskShape, messages, ...scopeShape },
    run: (memory, a) =>
      memory.ingest(
        { id: a.task_id, text: a.task, scope: scopeOf(a) },
        fromChatTranscript(a.messages, { taskId: a.task_id, query: a.task }),
      ),
  }),
  tool({
    name: "memory_report_outcome",
    annotations: ADDS,
    title: "Report a task's outcome",
    description:
      "Call when a task ends: memory learns from what you did (messages) and whether it worked.",
    input: {
      ...taskShape,
      success: z.boolean(),
      score: z.number().min(0).max(1).optional().describe("default 1 on success, 0 otherwise"),
      messages: messages.default([]),
      ...scopeShape,
    },
    run: (memory, a) =>
      memory.endTask(
        { id: a.task_id, text: a.task, scope: scopeOf(a) },
        fromChatTranscript(a.messages, { taskId: a.task_id, query: a.task }),
        { success: a.success, score: a.score ?? (a.success ? 1 : 0) },
      ),
  }),
  tool({
    name: "memory_get",
    annotations: READS,
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
    annotations: READS,
    title: "List units",
    description:
      "Active memory units in id order, optionally of one type and of the given user_id/agent_id/project/metadata (exact match), `limit` per page; pass a reply's `next_cursor` as `cursor` for the next page (absent on the last).",
    input: {
      type: z.enum(ENCODE_TYPES).optional(),
      limit: z.number().int().min(1).max(500).default(50),
      cursor: z.string().optional().describe("the `next_cursor` of the previous page"),
      ...scopeShape,
    },
    run: async (memory, a) => {
      const units = await memory.list({ types: a.type ? [a.type] : undefined, ...scopeOf(a) });
      const page = pageOf(units, a.cursor, a.limit);
      return {
        units: page.items.map(unitView),
        ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
      };
    },
  }),
  tool({
    name: "memory_delete",
    annotations: DESTROYS,
    title: "Delete a unit",
    description:
      "Forgets a memory unit for good: its text leaves every index and the disk; the audit keeps only its id, type and signature. Returns how many were removed.",
    input: { id: z.string().min(1) },
    run: async (memory, a) => ({ deleted: await memory.delete(a.id) }),
  }),
  tool({
    name: "memory_update",
    title: "Update a unit",
    annotations: { ...DESTROYS, idempotentHint: true },
    description:
      "Changes a unit: for a tip, `text` replaces its lesson; `content` replaces any unit's content; triggers, confidence, user_id/agent_id/project and metadata (replaced whole) too. Returns the updated unit.",
    input: {
      id: z.string().min(1),
      text: z.string().min(1).optional().describe("a tip's new lesson text"),
      content: z.record(z.string(), z.unknown()).optional().describe("full new content"),
      use_when: z.array(z.string()).optional(),
      avoid_when: z.array(z.string()).optional(),
      confidence: z.number().min(0).max(1).optional(),
      ...scopeShape,
    },
    run: async (memory, a) => {
      let content = a.content;
      if (a.text !== undefined) {
        const old = await memory.get(a.id);
        content = { ...(content ?? old?.content ?? {}), principle: a.text };
      }
      const patch = { content, use_when: a.use_when, avoid_when: a.avoid_when };
      return unitView(
        await memory.update(a.id, { ...patch, confidence: a.confidence, ...scopeOf(a) }),
      );
    },
  }),
  tool({
    name: "memory_purge",
    title: "Purge deactivated units",
    annotations: DESTROYS,
    description:
      "Removes every deactivated unit from memory and disk for good; returns the audit entries (ids, types, signatures).",
    input: {},
    run: async (memory) => ({ purged: await memory.purge() }),
  }),
];
