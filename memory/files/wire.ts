/**
 * The text wire format of memory operations inside a model's completion, e.g.
 * `<|SEARCH|>map.txt|stairs<|END|>`, parsed leniently (`<|OP|>`, `<OP|>`, `<|OP>`; terminators
 * `<|END|>`, `<END>`, `<|END|}`), with arguments split on the first `|` only so notes may contain
 * `|`. Ops run grouped by type in a fixed order, not in textual order.
 *
 * @module
 */
import type { MemoryFs } from "./memory_fs.ts";

/** Every memory op name; `ACTION` and `DONE` are control ops. */
export const MEMORY_OPS = [
  "READ",
  "SEARCH",
  "TAIL",
  "COUNT",
  "APPEND",
  "WRITE",
  "CREATE",
  "UPSERT",
  "UPSERT_MAP",
] as const;

/** One memory op name. */
export type MemoryOpName = typeof MEMORY_OPS[number];

/** Ops that only read. */
export const READ_OPS: readonly MemoryOpName[] = ["READ", "SEARCH", "TAIL", "COUNT"];

/** Ops that change a file. */
export const WRITE_OPS: readonly MemoryOpName[] = [
  "APPEND",
  "WRITE",
  "CREATE",
  "UPSERT",
  "UPSERT_MAP",
];

/** One parsed op. */
export interface ParsedOp {
  op: MemoryOpName;
  file: string;
  /** Keyword, N, note, content, or `key: text` (UPSERT), or `x,y|desc` (UPSERT_MAP). */
  arg: string;
}

/** One executed op with its echo. */
export interface OpResult extends ParsedOp {
  result: string;
  /** The echo block shown to the model. */
  echo: string;
}

const END = String.raw`<\|?END\|?[>}]`;

function opRegex(op: string): RegExp {
  return new RegExp(String.raw`<\|?${op}\|?>([\s\S]*?)${END}`, "g");
}

function splitFirst(body: string): [string, string] {
  const i = body.indexOf("|");
  return i < 0 ? [body.trim(), ""] : [body.slice(0, i).trim(), body.slice(i + 1)];
}

/** True when the completion contains a DONE tag. */
export function hasDone(text: string): boolean {
  return /<\|?DONE\|?>/.test(text);
}

/**
 * Parses the ops of a completion that are in `enabled`, grouped by type in {@linkcode MEMORY_OPS}
 * order. Ops with an empty file name, an empty keyword (SEARCH, COUNT) or a non-integer TAIL count
 * are ignored, as are ops not enabled in this phase.
 */
export function parseOps(text: string, enabled: readonly MemoryOpName[]): ParsedOp[] {
  const out: ParsedOp[] = [];
  for (const op of MEMORY_OPS) {
    if (!enabled.includes(op)) continue;
    for (const m of text.matchAll(opRegex(op))) {
      const body = m[1];
      if (op === "UPSERT_MAP") {
        const [coords, desc] = splitFirst(body);
        if (coords === "" || desc.trim() === "") continue;
        out.push({ op, file: "dungeon_map.txt", arg: `${coords}|${desc}` });
        continue;
      }
      const [file, arg] = op === "READ" || op === "CREATE" ? [body.trim(), ""] : splitFirst(body);
      if (file === "") continue;
      if ((op === "SEARCH" || op === "COUNT") && arg.trim() === "") continue;
      if (op === "TAIL" && arg.trim() !== "" && !/^\d+$/.test(arg.trim())) continue;
      if (op === "UPSERT" && !/^[^:\n]+:/.test(arg.trim())) continue;
      out.push({ op, file, arg: op === "SEARCH" || op === "COUNT" ? arg.trim() : arg });
    }
  }
  return out;
}

/** Parses `x,y` or `(x,y)` into the map key `(x,y)`. */
export function mapKey(coords: string): string | undefined {
  const m = coords.match(/^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/);
  return m ? `(${Number(m[1])},${Number(m[2])})` : undefined;
}

/** Runs one parsed op and builds its echo. */
export function runOp(fs: MemoryFs, p: ParsedOp): OpResult {
  const f = p.file;
  let result: string;
  let head: string;
  switch (p.op) {
    case "READ":
      result = fs.read(f);
      head = `READ ${f}`;
      break;
    case "SEARCH":
      result = fs.search(f, p.arg);
      head = `SEARCH ${f} for '${p.arg}'`;
      break;
    case "TAIL": {
      const n = p.arg.trim() === "" ? 10 : Number(p.arg.trim());
      result = fs.tail(f, n);
      head = `TAIL ${f} (last ${n})`;
      break;
    }
    case "COUNT":
      result = fs.count(f, p.arg);
      head = `COUNT ${f} for '${p.arg}'`;
      break;
    case "APPEND":
      result = fs.append(f, p.arg);
      head = `APPEND to ${f}`;
      break;
    case "WRITE":
      result = fs.write(f, p.arg);
      head = `WRITE to ${f}`;
      break;
    case "CREATE":
      result = fs.create(f);
      head = `CREATE ${f}`;
      break;
    case "UPSERT": {
      const t = p.arg.trim();
      const i = t.indexOf(":");
      result = fs.upsert(f, t.slice(0, i), t.slice(i + 1));
      head = `UPSERT in ${f}`;
      break;
    }
    case "UPSERT_MAP": {
      const [coords, desc] = splitFirst(p.arg);
      const key = mapKey(coords);
      if (key === undefined) result = `[ERROR: bad coordinates '${coords}']`;
      else {
        fs.upsert(f, key, desc);
        result = `[Updated map entry for ${key}]`;
      }
      head = `UPSERT_MAP ${f}`;
      break;
    }
  }
  return { ...p, result, echo: `── ${head} ──\n${result}` };
}

/** Runs ops in order and returns their results. */
export function runOps(fs: MemoryFs, ops: readonly ParsedOp[]): OpResult[] {
  return ops.map((p) => runOp(fs, p));
}

/** Maximum length of a committed action. */
export const MAX_ACTION_CHARS = 60;

/**
 * Extracts a committed action: `<|ACTION|>…<|END|>`, then `<ACTION>…</ACTION>`, then a line
 * `ACTION: …` of at most 40 characters. The candidate must be non-empty and shorter than 60.
 */
export function extractAction(text: string): string | undefined {
  const candidates: (string | undefined)[] = [
    text.match(new RegExp(String.raw`<\|?ACTION\|?>([\s\S]*?)${END}`))?.[1],
    text.match(/<ACTION>([\s\S]*?)<\/ACTION>/)?.[1],
  ];
  const line = text.match(/^\s*ACTION:\s*(.+?)\s*$/m)?.[1];
  if (line !== undefined && line.length <= 40) candidates.push(line);
  for (const c of candidates) {
    const t = c?.trim();
    if (t && t.length < MAX_ACTION_CHARS) return t;
  }
  return undefined;
}
