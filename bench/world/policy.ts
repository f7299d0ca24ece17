/**
 * The scripted agent's policy: an agenda of planned calls that memory seeds and errors repair.
 *
 * 1. The goal is the action the task text names (`export`, `archive`, ...); tools the text
 *    mentions ("First pull the records") are planned in text order before it.
 * 2. Memory: the first applicable sequence replaces that plan (a shortcut only when its text
 *    carries the task's own wording; then workflows, then trajectories, then untyped text;
 *    sequences ending in another goal are ignored). Entity arguments are always adapted to the
 *    task's own entities; choice values and flags from memory are kept. Tips and insights add
 *    order constraints, flags, preferred values and values to avoid.
 * 3. Each step calls the head of the agenda. Errors repair it: `precondition` puts the producer
 *    of the named state first, `missing_flag` sets the flag, `bad_value`/`bad_format` moves to
 *    the next value (in an order seeded by the task id), `not_applicable` and `duplicate` drop
 *    the call. A refreshed memory realigns the agenda after the last completed call.
 *
 * @module
 */
import type { Rng } from "../../core/ports.ts";
import { shuffle } from "../../core/rng.ts";
import type { StepResult, WorldCall } from "./environment.ts";
import type { Knowledge, MemorySequence, PlannedCall } from "./knowledge.ts";
import { shortcutMatches } from "./knowledge.ts";
import { findEntities, isEntityOf } from "./lexicon.ts";
import { type EntityKind, GOAL_TOOLS, producerOf, TOOL_BY_NAME, TOOLS } from "./tools.ts";

/** Errors on one tool after which the agent gives that call up. */
export const MAX_ERRORS_PER_TOOL = 6;

const PHRASES = TOOLS.flatMap((t) => t.phrases.map((p) => ({ tool: t.name, phrase: p })))
  .sort((a, b) => b.phrase.length - a.phrase.length);

/** Tools a text names through their phrases, in order of appearance. */
export function textMentions(text: string): string[] {
  let rest = text.toLowerCase();
  const hits: { tool: string; at: number }[] = [];
  for (const { tool, phrase } of PHRASES) {
    const re = new RegExp(`\\b${phrase.replace(/[-]/g, "\\-")}\\b`, "g");
    for (const m of rest.matchAll(re)) {
      hits.push({ tool, at: m.index! });
      // Mask the match so a shorter phrase inside it ("sign" in "sign in") cannot hit again.
      rest = rest.slice(0, m.index!) + " ".repeat(m[0].length) + rest.slice(m.index! + m[0].length);
    }
  }
  return [...new Set(hits.sort((a, b) => a.at - b.at).map((h) => h.tool))];
}

const RANK: Record<string, number> = { shortcut: 0, workflow: 1, trajectory: 2, unknown: 3 };

/** The agenda-based policy of one task. */
export class ScriptedPolicy {
  /** The goal tool read from the task text. */
  readonly goal: string;
  readonly #text: string;
  readonly #entities: Partial<Record<EntityKind, string>>;
  readonly #rng: Rng;
  #agenda: PlannedCall[] = [];
  readonly #done: string[] = [];
  readonly #flags = new Map<string, Set<string>>();
  readonly #values = new Map<string, Map<string, string>>();
  readonly #avoid = new Map<string, Map<string, Set<string>>>();
  readonly #bad = new Map<string, Map<string, Set<string>>>();
  readonly #notHere = new Set<string>();
  readonly #errors = new Map<string, number>();
  #followed: MemorySequence | null = null;

  /** Plans from the task text alone; `rng` orders value guesses (seed it by the task id). */
  constructor(text: string, rng: Rng) {
    this.#text = text;
    this.#entities = findEntities(text);
    this.#rng = rng;
    const mentioned = textMentions(text);
    this.goal = mentioned.find((t) => (GOAL_TOOLS as readonly string[]).includes(t)) ??
      GOAL_TOOLS[0];
    this.#agenda = [...mentioned.filter((t) => t !== this.goal), this.goal]
      .map((tool) => ({ tool, args: {} }));
  }

  /** The memory sequence being followed, if any. */
  get followed(): MemorySequence | null {
    return this.#followed;
  }

  /** Tools completed so far, in order. */
  get done(): readonly string[] {
    return this.#done;
  }

  /** The remaining plan (a copy). */
  get agenda(): PlannedCall[] {
    return this.#agenda.map((c) => ({ tool: c.tool, args: { ...c.args } }));
  }

  /** Takes in what memory says; returns the sequence adopted, if any. */
  absorb(k: Knowledge): MemorySequence | null {
    for (const [tool, flags] of k.flags) {
      const set = this.#flags.get(tool) ?? new Set<string>();
      for (const f of flags) set.add(f);
      this.#flags.set(tool, set);
    }
    for (const [tool, m] of k.values) {
      const inner = this.#values.get(tool) ?? new Map<string, string>();
      for (const [a, v] of m) if (!inner.has(a)) inner.set(a, v);
      this.#values.set(tool, inner);
    }
    for (const [tool, m] of k.avoid) {
      const inner = this.#avoid.get(tool) ?? new Map<string, Set<string>>();
      for (const [a, vs] of m) inner.set(a, new Set([...(inner.get(a) ?? []), ...vs]));
      this.#avoid.set(tool, inner);
    }
    const seq = this.#choose(k.sequences);
    if (seq) {
      this.#followed = seq;
      this.#agenda = this.#align(seq.calls);
    }
    this.#applyOrder(k.before);
    return seq;
  }

  #choose(sequences: readonly MemorySequence[]): MemorySequence | null {
    const usable = sequences.filter((s) => {
      if (s.type === "shortcut" && !shortcutMatches(this.#text, s.text)) return false;
      const goals = s.calls.filter((c) => (GOAL_TOOLS as readonly string[]).includes(c.tool));
      return goals.length === 0 || goals.some((c) => c.tool === this.goal);
    });
    const ranked = usable.map((s, i) => ({ s, i }))
      .sort((a, b) => (RANK[a.s.type] ?? 3) - (RANK[b.s.type] ?? 3) || a.i - b.i);
    return ranked[0]?.s ?? null;
  }

  #align(calls: readonly PlannedCall[]): PlannedCall[] {
    let start = 0;
    calls.forEach((c, i) => {
      if (this.#done.includes(c.tool)) start = i + 1;
    });
    const rest = calls.slice(start)
      .filter((c) => !this.#done.includes(c.tool) && !this.#notHere.has(c.tool))
      .map((c) => ({ tool: c.tool, args: { ...c.args } }));
    const goalAt = rest.findIndex((c) => c.tool === this.goal);
    return goalAt >= 0 ? rest.slice(0, goalAt + 1) : [...rest, { tool: this.goal, args: {} }];
  }

  #applyOrder(before: readonly [string, string][]) {
    for (const [a, b] of before) {
      if (this.#done.includes(a) || this.#notHere.has(a)) continue;
      const ib = this.#agenda.findIndex((c) => c.tool === b);
      if (ib < 0) continue;
      const ia = this.#agenda.findIndex((c) => c.tool === a);
      if (ia >= 0 && ia < ib) continue;
      const moved = ia >= 0 ? this.#agenda.splice(ia, 1)[0] : { tool: a, args: {} };
      this.#agenda.splice(this.#agenda.findIndex((c) => c.tool === b), 0, moved);
    }
  }

  #choiceOrder(tool: string, arg: string, values: readonly string[], planned?: string): string[] {
    const perm = shuffle(this.#rng.fork(`${tool}.${arg}`), values);
    const pref = this.#values.get(tool)?.get(arg);
    const bad = this.#bad.get(tool)?.get(arg) ?? new Set<string>();
    const avoid = this.#avoid.get(tool)?.get(arg) ?? new Set<string>();
    const order = [...new Set([planned, pref, ...perm])]
      .filter((v): v is string => v !== undefined && values.includes(v) && !bad.has(v));
    return [...order.filter((v) => !avoid.has(v)), ...order.filter((v) => avoid.has(v))];
  }

  /** The next call, or null when the goal is done. */
  next(): WorldCall | null {
    if (this.#agenda.length === 0) {
      if (this.#done.includes(this.goal)) return null;
      this.#agenda.push({ tool: this.goal, args: {} });
    }
    const planned = this.#agenda[0];
    const spec = TOOL_BY_NAME.get(planned.tool)!;
    const args: Record<string, unknown> = {};
    for (const a of spec.args) {
      const p = planned.args[a.name];
      if (a.kind === "entity") {
        const v = this.#entities[a.entity] ?? (p && isEntityOf(a.entity, p) ? p : undefined);
        if (v) args[a.name] = v;
      } else if (a.kind === "choice") {
        const v = this.#choiceOrder(planned.tool, a.name, a.values, p)[0];
        if (v) args[a.name] = v;
      } else if (p === "true" || this.#flags.get(planned.tool)?.has(a.name)) args[a.name] = true;
    }
    return { tool: planned.tool, args };
  }

  /** Updates the plan from the result of `call`. */
  observe(call: WorldCall, result: StepResult): void {
    const head = () => this.#agenda[0]?.tool === call.tool;
    if (result.ok) {
      this.#done.push(call.tool);
      if (head()) this.#agenda.shift();
      else this.#agenda = this.#agenda.filter((c) => c.tool !== call.tool);
      return;
    }
    const count = (this.#errors.get(call.tool) ?? 0) + 1;
    this.#errors.set(call.tool, count);
    const msg = result.observation;
    const drop = () => {
      this.#agenda = this.#agenda.filter((c) => c.tool !== call.tool);
    };
    switch (result.code) {
      case "precondition": {
        const state = msg.match(/needs (.+?) first/)?.[1];
        const producer = state ? producerOf(state) : undefined;
        if (producer && !this.#done.includes(producer.name)) {
          this.#notHere.delete(producer.name);
          const at = this.#agenda.findIndex((c) => c.tool === producer.name);
          const moved = at >= 0 ? this.#agenda.splice(at, 1)[0] : { tool: producer.name, args: {} };
          this.#agenda.unshift(moved);
        }
        break;
      }
      case "missing_flag": {
        const f = msg.match(/set (\w+)=true/)?.[1];
        if (f) this.#flags.set(call.tool, new Set([...(this.#flags.get(call.tool) ?? []), f]));
        break;
      }
      case "bad_value":
      case "bad_format": {
        const m = msg.match(/: (\w+) '?([^' ]+)'? (?:is not accepted|must be one of)/);
        if (m) {
          const inner = this.#bad.get(call.tool) ?? new Map<string, Set<string>>();
          inner.set(m[1], new Set([...(inner.get(m[1]) ?? []), m[2]]));
          this.#bad.set(call.tool, inner);
          if (head()) delete this.#agenda[0].args[m[1]];
        }
        break;
      }
      case "duplicate":
        if (!this.#done.includes(call.tool)) this.#done.push(call.tool);
        drop();
        break;
      case "not_applicable":
        this.#notHere.add(call.tool);
        drop();
        break;
      case "finished":
        this.#agenda = [];
        if (!this.#done.includes(this.goal)) this.#done.push(this.goal);
        break;
      default:
        if (result.code === "unknown_tool") drop();
    }
    if (count >= MAX_ERRORS_PER_TOOL) drop();
  }
}
