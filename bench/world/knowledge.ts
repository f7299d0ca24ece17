/**
 * Reads memory text the way the scripted agent does. Memory reaches the agent as free text
 * (guidance, and the stored text of the units it cites), written by whichever encoder and
 * composer the architecture uses, so the reader relies only on the world's own vocabulary:
 *
 * - a **call site** is a tool name followed by `[` or `(`; inside the brackets, `key=value` pairs
 *   or positional values are the arguments (a value is recognised by what it is: a choice value
 *   of that tool, `true` for its flag, anything else for its next entity argument);
 * - a call site echoed by the environment (`ok: tool(...)`) merges into the action before it;
 *   an echo without its action (a quoted observation) gives values but no order;
 * - a call is failed when the text up to the next call site has an error marker (`error`,
 *   `failed`, `not accepted`, ...): it is never followed;
 * - every quoted environment error `error(<code>): <tool>: <message>` anywhere in the text yields
 *   a constraint: `needs <state> first` (the producer of that state comes first), `set
 *   <flag>=true` (a flag the tool needs), `<arg> <value> is not accepted` (a value to avoid);
 * - tips add the order in which they name tools (`A ... after B` reverses it);
 * - sequences are the successful calls of a workflow, trajectory or untyped text (two or more);
 *   a shortcut without call sites gives the order in which it names tools ("Replay a, b, c").
 *   Whether a shortcut applies is decided by {@linkcode shortcutMatches}.
 *
 * @module
 */
import type { EncodeType } from "../../core/space.ts";
import { CUSTOMERS, REGIONS } from "./lexicon.ts";
import { producerOf, TOOL_BY_NAME, TOOLS } from "./tools.ts";

/** A call read from memory; values are literals, placeholders (`<X>`) or `"true"` for flags. */
export interface PlannedCall {
  tool: string;
  args: Record<string, string>;
}

/** One piece of memory text with the encode type of its unit, when known. */
export interface MemorySource {
  id?: string;
  type: EncodeType | "unknown";
  text: string;
}

/** A call sequence read from one unit. */
export interface MemorySequence {
  id?: string;
  type: EncodeType | "unknown";
  calls: PlannedCall[];
  text: string;
}

/** Everything the agent took from memory. */
export interface Knowledge {
  sequences: MemorySequence[];
  /** `[a, b]`: a must run before b. */
  before: [string, string][];
  /** Flags to set, per tool. */
  flags: Map<string, Set<string>>;
  /** Preferred choice values, per tool and argument. */
  values: Map<string, Map<string, string>>;
  /** Values seen rejected in memory, per tool and argument (soft: tried last). */
  avoid: Map<string, Map<string, Set<string>>>;
}

/** An empty knowledge record. */
export function emptyKnowledge(): Knowledge {
  return { sequences: [], before: [], flags: new Map(), values: new Map(), avoid: new Map() };
}

const NAMES = TOOLS.map((t) => t.name).join("|");
const MENTION_RE = new RegExp(`\\b(${NAMES})\\b`, "g");
const SITE_RE = new RegExp(`\\b(${NAMES})\\s*([\\[(])`, "g");
const QUOTED_ERROR_RE = new RegExp(`error\\((\\w+)\\): (${NAMES}): `, "g");
const ERROR_RE =
  /\berror\b|\bfailed\b|\bfail\b|\brejected\b|not accepted|not applicable|already done|precondition|\bmissing\b/i;

/** One call site found in text. */
export interface CallSite {
  tool: string;
  args: Record<string, string>;
  echo: boolean;
  error: boolean;
}

function parseArgs(tool: string, inner: string): Record<string, string> {
  const spec = TOOL_BY_NAME.get(tool)!;
  const args: Record<string, string> = {};
  const positional: string[] = [];
  for (const raw of inner.split(",")) {
    const part = raw.trim().replace(/^["']|["']$/g, "");
    if (!part) continue;
    const kv = part.match(/^["']?(\w+)["']?\s*[=:]\s*["']?(.*?)["']?$/);
    if (kv && spec.args.some((a) => a.name === kv[1])) args[kv[1]] = kv[2];
    else positional.push(part);
  }
  for (const value of positional) {
    const choice = spec.args.find((a) =>
      a.kind === "choice" && a.values.includes(value) && !(a.name in args)
    );
    const flag = spec.args.find((a) => a.kind === "flag" && !(a.name in args));
    const entity = spec.args.find((a) => a.kind === "entity" && !(a.name in args));
    if (choice) args[choice.name] = value;
    else if (value === "true" && flag) args[flag.name] = "true";
    else if (entity && value !== "true") args[entity.name] = value;
  }
  return args;
}

/** The call sites of a text, in order (see the module doc). */
export function callSites(text: string): CallSite[] {
  const hits = [...text.matchAll(SITE_RE)];
  const sites: CallSite[] = [];
  hits.forEach((m, i) => {
    const open = m.index! + m[0].length;
    const closer = m[2] === "[" ? "]" : ")";
    const close = text.indexOf(closer, open);
    const next = i + 1 < hits.length ? hits[i + 1].index! : text.length;
    const end = close >= 0 && close < next ? close : open;
    const tail = text.slice(end + 1, next);
    const echo = /ok:\s*$/.test(text.slice(Math.max(0, m.index! - 8), m.index!));
    sites.push({
      tool: m[1],
      args: parseArgs(m[1], text.slice(open, end)),
      echo,
      error: ERROR_RE.test(tail),
    });
  });
  return sites;
}

function addValue(k: Knowledge, tool: string, arg: string, value: string) {
  let inner = k.values.get(tool);
  if (!inner) k.values.set(tool, inner = new Map());
  if (!inner.has(arg)) inner.set(arg, value);
}

function addFlag(k: Knowledge, tool: string, flag: string) {
  let set = k.flags.get(tool);
  if (!set) k.flags.set(tool, set = new Set());
  set.add(flag);
}

function mineErrors(text: string, k: Knowledge) {
  const hits = [...text.matchAll(QUOTED_ERROR_RE)];
  hits.forEach((m, i) => {
    const [, code, tool] = m;
    // The message runs to the next quoted error, a quote or a line end.
    const end = i + 1 < hits.length ? hits[i + 1].index! : text.length;
    const msg = text.slice(m.index! + m[0].length, end).split(/["\n]/)[0];
    const spec = TOOL_BY_NAME.get(tool)!;
    if (code === "precondition") {
      const state = msg.match(/needs (.+?) first/)?.[1];
      const producer = state ? producerOf(state) : undefined;
      if (producer && producer.name !== tool) k.before.push([producer.name, tool]);
    } else if (code === "missing_flag") {
      const flag = msg.match(/set (\w+)=true/)?.[1];
      if (flag && spec.args.some((a) => a.kind === "flag" && a.name === flag)) {
        addFlag(k, tool, flag);
      }
    } else if (code === "bad_value") {
      const v = msg.match(/^(\w+) (\w+) is not accepted/);
      const a = v && spec.args.find((x) => x.kind === "choice" && x.name === v[1]);
      if (v && a) {
        let inner = k.avoid.get(tool);
        if (!inner) k.avoid.set(tool, inner = new Map());
        inner.set(v[1], new Set([...(inner.get(v[1]) ?? []), v[2]]));
      }
    }
  });
}

function tipOrder(text: string, k: Knowledge) {
  const names = [...new Set([...text.matchAll(MENTION_RE)].map((m) => m[1]))];
  for (let i = 0; i + 1 < names.length; i++) {
    const [a, b] = [names[i], names[i + 1]];
    const between = text.slice(text.indexOf(a) + a.length, text.indexOf(b));
    k.before.push(/\bafter\b/i.test(between) ? [b, a] : [a, b]);
  }
}

function sequenceOf(source: MemorySource, sites: readonly CallSite[]): PlannedCall[] {
  const calls: PlannedCall[] = [];
  let last: CallSite | undefined;
  let lastCall: PlannedCall | undefined;
  for (const s of sites) {
    if (s.echo) {
      // An echo belongs to the action right before it; alone it is a quoted observation.
      if (last && !last.echo && last.tool === s.tool && !last.error && lastCall) {
        lastCall.args = { ...s.args, ...lastCall.args };
      }
    } else if (!s.error && !calls.some((c) => c.tool === s.tool)) {
      lastCall = { tool: s.tool, args: { ...s.args } };
      calls.push(lastCall);
    } else lastCall = undefined;
    last = s;
  }
  if (calls.length === 0 && source.type === "shortcut") {
    return [...new Set([...source.text.matchAll(MENTION_RE)].map((m) => m[1]))]
      .map((tool) => ({ tool, args: {} }));
  }
  return calls;
}

/** Reads one source into `k` (mutated). */
export function readSource(source: MemorySource, k: Knowledge): void {
  mineErrors(source.text, k);
  const sites = callSites(source.text);
  for (const s of sites) {
    if (s.error) continue;
    const spec = TOOL_BY_NAME.get(s.tool)!;
    for (const [name, value] of Object.entries(s.args)) {
      const a = spec.args.find((x) => x.name === name);
      if (a?.kind === "choice" && a.values.includes(value)) addValue(k, s.tool, name, value);
      if (a?.kind === "flag" && value === "true") addFlag(k, s.tool, name);
    }
  }
  if (source.type === "tip") {
    tipOrder(source.text, k);
    return;
  }
  if (source.type === "insight") return;
  const calls = sequenceOf(source, sites);
  if (calls.length < (source.type === "unknown" ? 2 : 1)) return;
  const same = source.id === undefined ? undefined : k.sequences.find((s) => s.id === source.id);
  if (same) {
    // The same unit read twice (guidance and stored text): keep the fuller reading.
    if (calls.length > same.calls.length) same.calls = calls;
    same.text += "\n" + source.text;
  } else k.sequences.push({ id: source.id, type: source.type, calls, text: source.text });
}

/** Reads every source into one knowledge record. */
export function readMemory(sources: readonly MemorySource[]): Knowledge {
  const k = emptyKnowledge();
  for (const s of sources) readSource(s, k);
  return k;
}

const ENTITY_WORDS = new Set([
  ...CUSTOMERS.map((c) => c.toLowerCase()),
  ...REGIONS.flatMap((r) => r.split("-")),
]);

/** The wording of a task without its entities: its signature for shortcut matching. */
export function signatureWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !ENTITY_WORDS.has(w)))];
}

/** Share of signature words a shortcut's text must contain to count as the same task. */
export const SHORTCUT_MATCH = 0.8;

/** Does a shortcut's text carry this task's signature (same wording, any entities)? */
export function shortcutMatches(taskText: string, shortcutText: string): boolean {
  const sig = signatureWords(taskText);
  if (sig.length === 0) return false;
  const have = new Set(shortcutText.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  return sig.filter((w) => have.has(w)).length / sig.length >= SHORTCUT_MATCH;
}
