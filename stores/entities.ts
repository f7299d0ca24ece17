/**
 * Deterministic entity extraction for graph stores (docs/design.md#graph-store): per-type rules
 * (tip topic and category, tools named in step actions, trajectory decisions, shortcut names,
 * insight root causes and failure patterns), plus task-type tags and capitalised spans for
 * every type. `offlineExtraction` adds noun phrases and sentence co-occurrence facts, the
 * `llm_graph` store's behaviour when it has no model.
 *
 * Entity names are normalised with the reference's `normalize_entity_name` rules (lower-case,
 * trim, drop other characters, whitespace runs to `_`), except that letters and digits of every
 * script are kept, so CJK names do not vanish.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import type { EntityRef } from "./store_port.ts";
import { STOP_WORDS } from "./tokenize.ts";

/** An entity proposed for a unit (by rules or by a model). */
export interface EntityCandidate extends EntityRef {
  aliases?: string[];
  summary?: string;
  /** A free-form name (from a model) that may duplicate an existing entity under another name. */
  fuzzy?: boolean;
}

/** A fact between two entities, named by their surface names. */
export interface FactCandidate {
  source: string;
  target: string;
  relation: string;
  fact: string;
}

/** Tools the reference recognises in step actions. */
export const KNOWN_TOOLS: ReadonlySet<string> = new Set([
  "web_search",
  "crawl_page",
  "final_answer",
  "code_execution",
  "file_inspection",
  "calculator",
  "image_analysis",
  "python_interpreter",
  "browser",
  "search",
  "visit_webpage",
]);

const MAX_NAMED = 8;
const MAX_PHRASES = 4;
const MAX_FACTS = 6;
// Capitalised only because they open a sentence: articles, conjunctions and the imperative verbs
// that start most tips ("Prefer Wikipedia ..." names Wikipedia, not "Prefer Wikipedia").
const STARTERS = new Set([
  "The",
  "A",
  "An",
  "This",
  "That",
  "These",
  "If",
  "When",
  "For",
  "In",
  "On",
  "Then",
  "Always",
  "Never",
  "Use",
  "Prefer",
  "Check",
  "Search",
  "Open",
  "Verify",
  "Avoid",
  "Try",
  "Look",
  "Find",
  "Read",
  "Compare",
  "Confirm",
  "Start",
  "Visit",
  "Consult",
  "Query",
  "Do",
  "Don't",
  "Make",
]);

/** `normalize_entity_name`: lower-case, trim, keep `[letters digits _ - space]`, spaces → `_`. */
export function normalizeEntityName(name: string): string {
  return name.normalize("NFKC").toLowerCase().trim().replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .trim().replace(/\s+/g, "_");
}

/** Node id of an entity: `e:<type>:<normalised name>` ("" when the name normalises to nothing). */
export function entityNodeId(type: string, name: string): string {
  const n = normalizeEntityName(name);
  const t = normalizeEntityName(type) || "concept";
  return n ? `e:${t}:${n}` : "";
}

/** Tool names in an action string: `snake_name(` when known or `*_tool`/`*_search`, and `XxxTool`. */
export function toolNames(action: string): string[] {
  const out: string[] = [];
  for (const m of action.matchAll(/\b([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s*\(/g)) {
    const name = m[1];
    if (KNOWN_TOOLS.has(name) || name.endsWith("_tool") || name.endsWith("_search")) out.push(name);
  }
  for (const m of action.matchAll(/\b((?:[A-Z][a-z0-9]+)+Tool)\b/g)) out.push(m[1]);
  return out;
}

/** Sentences of a text (split after `.!?;` and at line breaks). */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

/** Runs of capitalised words, skipping a lone capitalised word that starts a sentence. */
export function capitalisedSpans(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentences(text)) {
    const words = sentence.split(/\s+/);
    let run: string[] = [];
    let runStart = 0;
    const close = () => {
      let span = run;
      if (runStart === 0 && span.length > 0 && STARTERS.has(span[0])) span = span.slice(1);
      else if (runStart === 0 && span.length === 1) span = [];
      const name = span.join(" ");
      if (name.length >= 2) out.push(name);
      run = [];
    };
    words.forEach((raw, i) => {
      const word = raw.replace(/^[("'“\[]+|[)"'”\],.;:!?]+$/g, "");
      const capitalised = /^\p{Lu}[\p{L}\p{N}&'.-]*$/u.test(word) && !word.includes("_");
      if (capitalised) {
        if (run.length === 0) runStart = i;
        run.push(word);
      }
      if (!capitalised || word !== raw) close();
    });
    close();
  }
  return out;
}

/** Noun-phrase-like chunks: the last 2-3 content words of runs between stop words or punctuation. */
export function nounPhrases(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentences(text)) {
    const chunks = sentence.toLowerCase().split(/[^\p{L}\p{N}_ ]+/u);
    for (const chunk of chunks) {
      let run: string[] = [];
      const flush = () => {
        // The head noun ends an English noun phrase, so long runs keep their last three words.
        if (run.length >= 2) out.push(run.slice(-3).join(" "));
        run = [];
      };
      for (const w of chunk.split(/\s+/).filter(Boolean)) {
        if (STOP_WORDS.has(w) || w.length < 3 || !/^\p{L}+$/u.test(w)) flush();
        else run.push(w);
      }
      flush();
    }
  }
  return out;
}

/**
 * The unit's strings, one per line: content leaves in order, then `use_when`. Unlike
 * `contentText` (one space-joined string) this keeps field boundaries, so a list of tags is not
 * read as a sentence and no phrase or fact spans two fields.
 */
export function unitText(unit: Pick<MemoryUnit, "content" | "use_when">): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.trim()) out.push(v.trim());
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(unit.content);
  const inContent = new Set(out);
  for (const w of unit.use_when) if (!inContent.has(w.trim())) walk(w);
  return out.join("\n");
}

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
const strings = (v: unknown): string[] => Array.isArray(v) ? v.map(str).filter(Boolean) : [];

function stepActions(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((
    s,
  ) => (s && typeof s === "object" ? str((s as Record<string, unknown>).action) : ""));
}

/** Keeps the first candidate per node id, dropping names that normalise to nothing. */
export function uniqueEntities(candidates: readonly EntityCandidate[]): EntityCandidate[] {
  const seen = new Set<string>();
  const out: EntityCandidate[] = [];
  for (const c of candidates) {
    const id = entityNodeId(c.type, c.name);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    out.push(c);
  }
  return out;
}

/** Rule-based entities of a unit (the graph store links these on `add`). */
export function heuristicEntities(
  unit: Pick<MemoryUnit, "type" | "content" | "applicable_task_types" | "use_when">,
): EntityCandidate[] {
  const c = unit.content;
  const out: EntityCandidate[] = [];
  const add = (type: string, name: string) => name && out.push({ type, name });
  const tools = (actions: string[]) => actions.flatMap(toolNames).forEach((t) => add("tool", t));
  switch (unit.type) {
    case "tip":
      add("concept", str(c.topic));
      add("category", str(c.category));
      break;
    case "workflow":
      tools(stepActions(c.agent_workflow));
      break;
    case "trajectory": {
      tools(stepActions(c.steps));
      const decision = str(c.key_decision).slice(0, 80);
      if (decision.length > 10) add("concept", decision);
      const strategy = str(c.tool_strategy).slice(0, 60);
      if (strategy.length > 5) add("tool_pattern", strategy);
      break;
    }
    case "shortcut":
      add("action", str(c.name));
      add("concept", str(c.precondition).slice(0, 60));
      break;
    case "insight":
      add("concept", str(c.root_cause_conclusion).slice(0, 80));
      add("failure_pattern", str(c.failure_pattern));
      break;
  }
  for (const tag of [...unit.applicable_task_types, ...strings(c.task_type_tags)]) add("tag", tag);
  capitalisedSpans(unitText(unit)).slice(0, MAX_NAMED).forEach((n) => add("named", n));
  return uniqueEntities(out);
}

/**
 * The `llm_graph` extraction without a model: rule-based entities plus noun phrases, and a
 * `CO_OCCURS` fact for each pair of entities named in the same sentence.
 */
export function offlineExtraction(
  unit: Pick<MemoryUnit, "type" | "content" | "applicable_task_types" | "use_when">,
): { entities: EntityCandidate[]; facts: FactCandidate[] } {
  const text = unitText(unit);
  const phrases = nounPhrases(text).slice(0, MAX_PHRASES).map((name) => ({
    type: "concept",
    name,
  }));
  const entities = uniqueEntities([...heuristicEntities(unit), ...phrases]);
  const facts: FactCandidate[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences(text)) {
    const lower = sentence.toLowerCase();
    const present = entities
      .map((e) => ({
        name: e.name,
        at: e.name.length >= 3 ? lower.indexOf(e.name.toLowerCase()) : -1,
      }))
      .filter((e) => e.at >= 0)
      .sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
    for (let i = 0; i < present.length; i++) {
      for (let j = i + 1; j < present.length; j++) {
        const a = present[i].name, b = present[j].name;
        const key = `${a}\u0000${b}`;
        // A phrase containing another entity's name ("World Bank portal") is not a second party.
        const nested = a.toLowerCase().includes(b.toLowerCase()) ||
          b.toLowerCase().includes(a.toLowerCase());
        if (facts.length >= MAX_FACTS || seen.has(key) || nested) continue;
        seen.add(key);
        facts.push({ source: a, target: b, relation: "CO_OCCURS", fact: sentence.slice(0, 200) });
      }
    }
  }
  return { entities, facts };
}
