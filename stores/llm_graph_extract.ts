/**
 * The model side of the `llm_graph` store: the reply schema, the prompt (the text lives in
 * `prompts/llm_graph_extract.md`; system and user parts are split at `<!-- user -->`), and one
 * call that turns a unit into entity and fact candidates.
 *
 * @module
 */
import { z } from "../core/zod.ts";
import template from "../prompts/llm_graph_extract.md" with { type: "text" };
import { extractJson } from "../core/json_extract.ts";
import { type ChatMessage, type ChatModel, ModelError } from "../core/ports.ts";
import type { MemoryUnit } from "../core/unit.ts";
import type { Extraction } from "./graph_link.ts";

/** The model's reply: entities and facts of one unit. */
export const LlmGraphExtractionSchema = z.object({
  entities: z.array(z.object({
    name: z.string(),
    labels: z.array(z.string()).default([]),
    aliases: z.array(z.string()).default([]),
    summary: z.string().default(""),
  })).default([]),
  facts: z.array(z.object({
    source_entity: z.string(),
    target_entity: z.string(),
    relation_type: z.string(),
    fact: z.string().default(""),
  })).default([]),
});

/** A parsed extraction reply. */
export type LlmGraphExtraction = z.infer<typeof LlmGraphExtractionSchema>;

/** Entity labels the prompt offers (docs/design.md#llm-graph-store). */
export const ENTITY_LABELS = [
  "Tool",
  "Website",
  "DataSource",
  "Concept",
  "Domain",
  "Method",
  "ErrorType",
  "FileFormat",
  "API",
  "Platform",
];

/** Why one unit's extraction failed. */
export interface IngestError {
  unit_id: string;
  /** A `ModelErrorCode`, or `invalid_reply` / `error`. */
  code: string;
  message: string;
}

const [SYSTEM_TEMPLATE, USER_TEMPLATE] = template.split("<!-- user -->").map((s: string) =>
  s.trim()
);

/** The extraction prompt for one unit. */
export function extractionMessages(unit: MemoryUnit): ChatMessage[] {
  const values: Record<string, string> = {
    labels: ENTITY_LABELS.join(", "),
    unit_type: unit.type,
    outcome: unit.task_outcome || "none",
    task_query: unit.source_task_query,
    content: JSON.stringify(unit.content, null, 1).slice(0, 3000),
  };
  const fill = (t: string) => t.replace(/\{\{(\w+)\}\}/g, (m, key: string) => values[key] ?? m);
  return [{ role: "system", content: fill(SYSTEM_TEMPLATE) }, {
    role: "user",
    content: fill(USER_TEMPLATE),
  }];
}

/**
 * One extraction call for one unit: entities (names of at least two characters; the first label,
 * lower-cased, is the type) and facts. Throws `ModelError` when the reply is not valid JSON of
 * the schema, so the caller can record the failure and fall back.
 */
export async function extractWithModel(model: ChatModel, unit: MemoryUnit): Promise<Extraction> {
  const result = await model.chat({
    messages: extractionMessages(unit),
    maxTokens: 800,
    temperature: 0.1,
    schema: LlmGraphExtractionSchema,
    schemaName: "llm_graph_extract",
    purpose: "llm_graph_extract",
  });
  let value: unknown = result.json;
  if (value === undefined) {
    const parsed = extractJson(result.text);
    if (!parsed.ok) {
      throw new ModelError("invalid_json", `extraction reply is not JSON: ${parsed.error}`);
    }
    value = parsed.value;
  }
  const checked = LlmGraphExtractionSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ModelError(
      "schema",
      `extraction reply ${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
  const reply = checked.data;
  return {
    entities: reply.entities.filter((e) => e.name.trim().length >= 2).map((e) => ({
      type: e.labels[0]?.toLowerCase() || "concept",
      name: e.name.trim(),
      aliases: e.aliases,
      summary: e.summary,
      fuzzy: true,
    })),
    facts: reply.facts.map((f) => ({
      source: f.source_entity,
      target: f.target_entity,
      relation: f.relation_type,
      fact: f.fact,
    })),
  };
}
