/**
 * The two phases' multi-turn loops. LOG: the memory model issues ops, results come back in the
 * next user message, until `<|DONE|>`, a turn without ops, or the iteration cap. PLAN: read-only
 * ops until an ACTION is committed; with two distinct models the memory model consults and the
 * task model commits in the same conversation (the memory model's action is stripped).
 * The first prompt arrives already fitted to the scaffold's per-phase context budget (its own
 * parts whole, memory cut); tool results share what is left of the budget.
 *
 * @module
 */
import type { ChatMessage, ChatModel } from "../core/ports.ts";
import type { MemoryFs } from "../memory/files/memory_fs.ts";
import {
  extractAction,
  hasDone,
  mapKey,
  type MemoryOpName,
  type ParsedOp,
  parseOps,
  READ_OPS,
  runOp,
  WRITE_OPS,
} from "../memory/files/wire.ts";
import { fitBudget } from "./prompts.ts";
import type { TraceOp, TracePhase, TraceTurn } from "./trace.ts";

/** Models of the two roles. */
export interface AgentModels {
  /** Runs LOG and PLAN's memory consultation. */
  memory: ChatModel;
  /** Commits the game action. */
  task: ChatModel;
}

interface Budget {
  left: number;
}

function take(text: string, budget: Budget): string {
  const out = fitBudget(text, Math.max(0, budget.left));
  budget.left -= out.length;
  return out;
}

/** The line(s) a write op puts into its file, for the redundancy check. */
function linesOfWrite(p: ParsedOp): string[] {
  if (p.op === "UPSERT") return [p.arg.trim().replace(/:\s*/, ": ")];
  if (p.op === "UPSERT_MAP") {
    const i = p.arg.indexOf("|");
    return [`${mapKey(p.arg.slice(0, i)) ?? ""}: ${p.arg.slice(i + 1).trim()}`];
  }
  return p.arg.split("\n");
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

function executeOps(
  fs: MemoryFs,
  text: string,
  enabled: readonly MemoryOpName[],
  consulted: Set<string>,
  keyPatterns: ReadonlyMap<string, RegExp>,
): Executed {
  const out: TraceOp[] = [];
  const echo: string[] = [];
  for (const p of parseOps(text, enabled)) {
    const isWrite = WRITE_OPS.includes(p.op);
    if (p.op === "UPSERT") {
      const pattern = keyPatterns.get(p.file);
      const key = p.arg.trim().split(":")[0].trim();
      if (pattern && !pattern.test(key)) {
        const result = `[ERROR: key '${key}' does not match the key pattern of ${p.file}]`;
        out.push({ ...p, result });
        echo.push(`── UPSERT in ${p.file} ──\n${result}`);
        continue;
      }
    }
    let redundant: boolean | undefined;
    if (isWrite && p.op !== "CREATE") {
      const existing = new Set(fs.content(p.file).split("\n").map(norm));
      const lines = linesOfWrite(p).map(norm).filter((l) => l !== "");
      redundant = lines.length > 0 && lines.every((l) => existing.has(l));
    }
    const r = runOp(fs, p);
    echo.push(r.echo);
    if (READ_OPS.includes(p.op)) consulted.add(p.file);
    out.push({
      op: r.op,
      file: r.file,
      arg: r.arg,
      result: r.result,
      ...(isWrite ? { redundant: redundant ?? false, consulted: consulted.has(p.file) } : {}),
    });
  }
  return { ops: out, echo: echo.join("\n\n") };
}

interface Executed {
  ops: TraceOp[];
  echo: string;
}

/** Runs the LOG phase. */
export async function runLogPhase(
  fs: MemoryFs,
  model: ChatModel,
  prompt: string,
  ops: readonly MemoryOpName[],
  maxTurns: number,
  budgetChars: number,
  keyPatterns: ReadonlyMap<string, RegExp>,
  signal?: AbortSignal,
): Promise<TracePhase> {
  const budget = { left: budgetChars - prompt.length };
  const first = prompt;
  const messages: ChatMessage[] = [{ role: "user", content: first }];
  const turns: TraceTurn[] = [];
  const consulted = new Set<string>();
  let pt = 0, ct = 0, chars = first.length;
  for (let i = 0; i < maxTurns; i++) {
    const res = await model.chat({ messages, purpose: "scaffold_log", signal });
    pt += res.usage.promptTokens;
    ct += res.usage.completionTokens;
    const done = executeOps(fs, res.text, ops, consulted, keyPatterns);
    turns.push({
      prompt: messages[messages.length - 1].content,
      response: res.text,
      ops: done.ops,
      role: "memory",
    });
    if (hasDone(res.text) || done.ops.length === 0 || i === maxTurns - 1) break;
    const feedback = take(done.echo, budget);
    chars += feedback.length;
    messages.push({ role: "assistant", content: res.text }, { role: "user", content: feedback });
  }
  return { turns, prompt_chars: chars, prompt_tokens: pt, completion_tokens: ct };
}

/** The PLAN phase's outcome. */
export interface PlanOutcome {
  phase: TracePhase;
  raw: string | undefined;
}

function stripAction(text: string): string {
  const t = text.replace(/<\|?ACTION\|?>[\s\S]*?<\|?END\|?[>}]/g, "")
    .replace(/<ACTION>[\s\S]*?<\/ACTION>/g, "").replace(/^\s*ACTION:.*$/gm, "").trim();
  return t === "" ? "(memory consultation complete)" : t;
}

/** Runs the PLAN phase. */
export async function runPlanPhase(
  fs: MemoryFs,
  models: AgentModels,
  prompt: string,
  ops: readonly MemoryOpName[],
  maxTurns: number,
  budgetChars: number,
  signal?: AbortSignal,
): Promise<PlanOutcome> {
  const budget = { left: budgetChars - prompt.length };
  const first = prompt;
  const messages: ChatMessage[] = [{ role: "user", content: first }];
  const turns: TraceTurn[] = [];
  const split = models.memory !== models.task;
  let handedOff = !split;
  let pt = 0, ct = 0, chars = first.length;
  let lastResults = "";
  for (let i = 0; i < maxTurns; i++) {
    const role = handedOff ? "task" : "memory";
    const res = await (handedOff ? models.task : models.memory).chat({
      messages,
      purpose: "scaffold_plan",
      signal,
    });
    pt += res.usage.promptTokens;
    ct += res.usage.completionTokens;
    const action = extractAction(res.text);
    const done = executeOps(fs, res.text, ops, new Set(), new Map());
    const turn: TraceTurn = {
      prompt: messages[messages.length - 1].content,
      response: res.text,
      ops: done.ops,
      role,
    };
    turns.push(turn);
    if (!handedOff && (action !== undefined || done.ops.length === 0)) {
      handedOff = true;
      const feed = done.ops.length ? done.echo : lastResults;
      const handoff = take(`${feed ? feed + "\n\n" : ""}Now commit your action.`, budget);
      chars += handoff.length;
      messages.push({ role: "assistant", content: stripAction(res.text) }, {
        role: "user",
        content: handoff,
      });
      continue;
    }
    if (action !== undefined) {
      turn.committed_action = action;
      return {
        phase: { turns, prompt_chars: chars, prompt_tokens: pt, completion_tokens: ct },
        raw: action,
      };
    }
    if (done.ops.length === 0) break;
    lastResults = done.echo;
    const feedback = take(lastResults, budget);
    chars += feedback.length;
    messages.push({ role: "assistant", content: res.text }, { role: "user", content: feedback });
  }
  return {
    phase: { turns, prompt_chars: chars, prompt_tokens: pt, completion_tokens: ct },
    raw: undefined,
  };
}
