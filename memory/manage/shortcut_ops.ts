/**
 * Shortcut ops of the tool_manager preset: static validation of replayable macros when they are
 * inserted, and promotion of valid shortcuts that keep succeeding.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { MemoryUnit } from "../../core/unit.ts";
import { defineOp, skipped } from "./op_types.ts";
import { byId, commit, usedUnits } from "./support.ts";

/** The controlled tool vocabulary shortcuts may call (docs/design.md#extraction). */
export const SHORTCUT_TOOLS: readonly string[] = [
  "web_search",
  "crawl_page",
  "inspect_file_as_text",
  "visual_inspector",
  "audio_inspector",
  "code_interpreter",
  "final_answer",
];

/** Placeholders a step may produce at run time for later steps. */
export const RUNTIME_PLACEHOLDERS: readonly string[] = [
  "COMPUTED_VALUE",
  "RAW_OBSERVATION",
  "SOURCE_URL",
];

const TOKEN = /<[^<>]*>/g;
const UPPER_SNAKE = /^<([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)>$/;

const bare = (name: string) => name.trim().replace(/^<|>$/g, "");
const tokensOf = (text: string) => text.match(TOKEN) ?? [];
const strings = (v: unknown): string[] =>
  typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Record<string, unknown> : undefined;

/** Why a shortcut's content is not a valid replayable macro; empty when it is. */
export function shortcutProblems(content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const k of ["name", "description"]) {
    if (typeof content[k] !== "string" || !(content[k] as string).trim()) {
      problems.push(`${k}: missing`);
    }
  }
  const steps = Array.isArray(content.action_sequence) ? content.action_sequence : [];
  if (steps.length === 0) problems.push("action_sequence: missing or empty");
  const declared = new Set<string>();
  for (const item of Array.isArray(content.input_schema) ? content.input_schema : []) {
    const name = obj(item)?.name;
    if (typeof name === "string" && name.trim()) declared.add(bare(name));
  }
  const used = new Set<string>();
  const intents: string[] = [];
  steps.forEach((raw, i) => {
    const step = obj(raw);
    const call = obj(step?.tool_call);
    const tool = call?.tool_name;
    if (typeof tool !== "string" || !SHORTCUT_TOOLS.includes(tool)) {
      problems.push(`action_sequence[${i}].tool_call.tool_name: not in the tool vocabulary`);
    }
    const pattern = call?.args_pattern;
    if (typeof pattern !== "string") {
      problems.push(`action_sequence[${i}].tool_call.args_pattern: not a string`);
    } else {
      for (const token of tokensOf(pattern)) {
        const m = UPPER_SNAKE.exec(token);
        if (!m) {
          problems.push(`action_sequence[${i}]: placeholder ${token} is not <UPPER_SNAKE>`);
          continue;
        }
        used.add(m[1]);
        const earlier = RUNTIME_PLACEHOLDERS.includes(m[1]) &&
          intents.some((t) => t.includes(m[1]));
        if (!declared.has(m[1]) && !earlier) {
          problems.push(`action_sequence[${i}]: placeholder ${token} is not declared`);
        }
      }
    }
    intents.push(typeof step?.intent === "string" ? step.intent : "");
  });
  for (const t of intents) for (const token of tokensOf(t)) used.add(bare(token));
  for (const name of [...declared].sort()) {
    if (!used.has(name)) problems.push(`input_schema: ${name} is declared but never used`);
  }
  for (const k of ["precondition", "use_when"]) {
    for (const text of strings(content[k])) {
      for (const token of tokensOf(text)) {
        if (!declared.has(bare(token))) problems.push(`${k}: placeholder ${token} is not declared`);
      }
    }
  }
  const test = obj(content.test_invocation);
  if (test) {
    const keys = Object.keys(test).map(bare).sort();
    if (keys.join(",") !== [...declared].sort().join(",")) {
      problems.push("test_invocation: keys differ from the declared inputs");
    }
  }
  return problems;
}

const tagged = (u: MemoryUnit) =>
  u.applicable_task_types.includes("tool_valid") ||
  u.applicable_task_types.includes("tool_invalid");

/** Tags every untagged shortcut `tool_valid` or `tool_invalid`. */
export const shortcutValidation = defineOp("shortcut_validation", z.object({}), async (ctx) => {
  const units = (await ctx.store.list({ types: ["shortcut"] })).filter((u) => !tagged(u))
    .sort(byId);
  if (units.length === 0) return skipped("no untagged shortcuts");
  for (const u of units) {
    u.applicable_task_types.push(
      shortcutProblems(u.content).length === 0 ? "tool_valid" : "tool_invalid",
    );
  }
  await commit(ctx, units);
  return { triggered: true, affected: units.length };
});

/**
 * On success, used `tool_valid` shortcuts gain `confidence_boost`; from `promote_after_uses`
 * uses they are tagged `promoted`. Usage and success are not counted again: boost_on_success
 * already did (docs/design.md#fix-counters).
 */
export const shortcutPromotion = defineOp(
  "shortcut_promotion",
  z.object({
    confidence_boost: z.number().min(0).max(1),
    promote_after_uses: z.number().int().min(0),
  }),
  async (ctx, s) => {
    if (ctx.task?.succeeded !== true) return skipped("task did not succeed");
    const units = (await usedUnits(ctx)).filter((u) =>
      u.type === "shortcut" && u.applicable_task_types.includes("tool_valid")
    );
    if (units.length === 0) return skipped("no valid shortcut was used");
    for (const u of units) {
      u.confidence = Math.min(1, u.confidence + s.confidence_boost);
      if (u.usage_count >= s.promote_after_uses && !u.applicable_task_types.includes("promoted")) {
        u.applicable_task_types.push("promoted");
      }
    }
    await commit(ctx, units);
    return { triggered: true, affected: units.length };
  },
);
