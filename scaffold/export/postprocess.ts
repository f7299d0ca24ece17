/**
 * The deterministic post-processing of memory-specialist training items (on the last assistant
 * message): unwrap code fences around op tags; LOG is cut after `<|DONE|>`; PLAN is cut where
 * `<|ACTION|>` begins; items without a memory op are dropped; text after the last op terminator
 * is trimmed; items still holding a fence are dropped. Then the validity checks every exported
 * item must pass (a dataset with any failure is refused).
 *
 * @module
 */
import type { ChatMessage } from "../../core/ports.ts";

/** A training item: one phase's conversation. */
export interface TrainingItem {
  phase: "log" | "plan";
  episode: number;
  step: number;
  messages: ChatMessage[];
}

const OP = /<\|?(READ|SEARCH|TAIL|COUNT|APPEND|WRITE|CREATE|UPSERT|UPSERT_MAP)\|?>/;
const TERMINATOR = /<\|?END\|?[>}]|<\|?DONE\|?>/g;

/** Why an item was dropped, or the processed item. */
export type Processed = { ok: true; item: TrainingItem } | { ok: false; reason: string };

/** Post-processes one item. */
export function postprocess(item: TrainingItem): Processed {
  const messages = item.messages.map((m) => ({ ...m }));
  const last = messages[messages.length - 1];
  if (!last || last.role !== "assistant") return { ok: false, reason: "last_not_assistant" };
  let text = last.content;
  // (1) Unwrap fences that only wrap op tags.
  text = text.replace(
    /```[a-z]*\n?([\s\S]*?)```/g,
    (whole, inner: string) => OP.test(inner) || /<\|?DONE/.test(inner) ? inner : whole,
  );
  // (2) LOG ends at DONE; (3) PLAN loses its action.
  if (item.phase === "log") {
    const m = text.match(/<\|?DONE\|?>/);
    if (m) text = text.slice(0, m.index! + m[0].length);
  } else {
    const i = text.search(/<\|?ACTION\|?>|<ACTION>|^\s*ACTION:/m);
    if (i >= 0) text = text.slice(0, i);
  }
  // (4) Items without a memory op are dropped.
  if (!OP.test(text)) return { ok: false, reason: "no_memory_op" };
  // (5) Trim after the last terminator.
  let end = -1;
  for (const m of text.matchAll(TERMINATOR)) end = m.index! + m[0].length;
  if (end >= 0) text = text.slice(0, end);
  // (6) A remaining fence drops the item.
  if (text.includes("```")) return { ok: false, reason: "fence" };
  last.content = text.trim();
  return { ok: true, item: { ...item, messages } };
}

/** The validity problems of one processed item (empty when valid). */
export function validityProblems(item: TrainingItem): string[] {
  const p: string[] = [];
  const m = item.messages;
  if (m[0]?.role !== "user") p.push("first_not_user");
  for (let i = 1; i < m.length; i++) if (m[i].role === m[i - 1].role) p.push("no_alternation");
  const last = m[m.length - 1];
  if (last?.role !== "assistant" || last.content.trim() === "") p.push("last_not_assistant");
  const text = last?.content ?? "";
  if (!OP.test(text)) p.push("op_less_last_turn");
  if (text.includes("```")) p.push("fence");
  if (/<\|?ACTION\|?>|<ACTION>/.test(text)) p.push("action_in_target");
  const tail = text.replace(/[\s\S]*(<\|?END\|?[>}]|<\|?DONE\|?>)/, "");
  if (tail.trim() !== "") p.push("post_op_tail");
  return [...new Set(p)];
}
