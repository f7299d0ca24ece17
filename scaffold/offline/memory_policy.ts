/**
 * The offline scripted MEMORY policy of the LOG phase. It records the cell it stands on, stairs
 * it sees, moves that had no effect, and an action log line, using what the prompt offers: keyed
 * UPSERT when the map file is keyed, APPEND otherwise; when the prompt states the
 * consult-before-write rule it first SEARCHes and then writes only lines that are not there yet.
 *
 * @module
 */
import type { ChatMessage } from "../../core/ports.ts";
import { type PromptFacts, promptFacts } from "./prompt_facts.ts";

const MAP = "dungeon_map.txt";
const STRATEGY = "strategy.txt";
const LOG = "actions_log.txt";

interface Fact {
  file: string;
  key?: string;
  line: string;
  /** A repeatable event: with consult-before-write it is numbered (`#k`) instead of dropped. */
  counted?: boolean;
}

function facts(f: PromptFacts): Fact[] {
  const out: Fact[] = [];
  const d = f.depth;
  if (f.position) {
    const key = `d${d}(${f.position.x},${f.position.y})`;
    const exits = f.neighbours.filter((n) => n.passable).map((n) => n.dir).join(",");
    out.push({
      file: MAP,
      key,
      line: `${key}: visited${f.onStairs ? " stairs down" : ""} exits=${exits || "none"}`,
    });
    if (f.noEffect && f.previousAction && f.previousAction !== "search") {
      out.push({ file: STRATEGY, line: `${key}: '${f.previousAction}' blocked` });
    }
    if (f.previousAction === "search") {
      out.push({ file: STRATEGY, key, line: `${key}: searched`, counted: true });
    }
  }
  for (const s of f.stairsSeen) {
    const key = `d${d}(${s.x},${s.y})`;
    out.push({ file: MAP, key, line: `${key}: stairs down` });
  }
  if (f.previousAction) {
    const where = f.position ? `(${f.position.x},${f.position.y}) d${d}` : "?";
    out.push({
      file: LOG,
      line: `${f.previousAction} -> ${f.noEffect ? "no effect" : "now at"} ${where}`,
    });
  }
  return out;
}

function writeOp(f: PromptFacts, fact: Fact): string {
  if (fact.key && f.keyed.has(fact.file) && f.ops.has("UPSERT")) {
    return `<|UPSERT|>${fact.file}|${fact.line}<|END|>`;
  }
  return `<|APPEND|>${fact.file}|${fact.line}<|END|>`;
}

/** The LOG reply to a conversation so far. */
export function memoryReply(messages: readonly ChatMessage[]): string {
  const f = promptFacts(messages[0].content);
  const all = facts(f).filter((x) => f.files.size === 0 || f.files.has(x.file));
  if (!f.consultRule) return all.map((x) => writeOp(f, x)).join("\n") + "\n<|DONE|>";
  if (messages.length === 1) {
    const searches = all.map((x) =>
      x.file === LOG ? `<|TAIL|>${LOG}|3<|END|>` : `<|SEARCH|>${x.file}|${x.key ?? x.line}<|END|>`
    );
    if (searches.length === 0) return all.map((x) => writeOp(f, x)).join("\n") + "\n<|DONE|>";
    return `Checking memory before writing.\n${[...new Set(searches)].join("\n")}`;
  }
  const seen = messages.filter((m) => m.role === "user").slice(1).map((m) => m.content).join("\n");
  const numbered = all.map((x) =>
    x.counted ? { ...x, line: `${x.line} #${seen.split(x.line).length}` } : x
  );
  const fresh = numbered.filter((x) => x.file === LOG || !seen.includes(x.line));
  return fresh.map((x) => writeOp(f, x)).join("\n") + "\n<|DONE|>";
}
