/**
 * How a retrieved unit is shown to the context composer and, on fallback, to the agent
 * (docs/design.md#composer `judge_head` + `format_memory_unit`): a match band from the raw score,
 * the type-specific fields that carry transferable advice, and the Apply/Avoid conditions.
 *
 * Deliberate difference (docs/design.md#fix-source-leak): the reference printed `Source: <prior
 * task query[:120]>`, leaking the literal text of another task into the agent's prompt. Here the
 * source is an abstracted domain label built from the unit's task-type tags (or its tip category,
 * or its encode type), never from `source_task_query`.
 *
 * @module
 */
import type { MemoryUnit } from "../../core/unit.ts";

/** Lower bound of the HIGH band (raw similarity). */
export const HIGH_BAND = 0.40;
/** Lower bound of the MEDIUM band (raw similarity). */
export const MEDIUM_BAND = 0.10;

/** The match band of a raw similarity score. */
export function scoreBand(score: number): string {
  if (score >= HIGH_BAND) return "HIGH";
  if (score >= MEDIUM_BAND) return "MEDIUM";
  return "VERY_LOW — IGNORE unless Apply-when matches THIS exact task";
}

const str = (v: unknown): string => typeof v === "string" ? v.trim() : "";

const strList = (v: unknown): string[] =>
  typeof v === "string"
    ? (v.trim() ? [v.trim()] : [])
    : Array.isArray(v)
    ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim())
    : [];

const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((x): x is Record<string, unknown> =>
      !!x && typeof x === "object" && !Array.isArray(x)
    )
    : [];

/**
 * An abstracted label of where a unit came from: its task-type tags, else its tip category,
 * else its encode type. Never the prior task's literal query (docs/design.md#fix-source-leak).
 */
export function domainLabel(unit: MemoryUnit): string {
  const tags = unit.applicable_task_types.length > 0
    ? unit.applicable_task_types
    : strList(unit.content.task_type_tags);
  const domain = tags.length > 0 ? tags.slice(0, 4).join(", ") : str(unit.content.category);
  const outcome = unit.task_outcome === "" ? "consolidated" : unit.task_outcome;
  return `past ${outcome} task (domain: ${domain || unit.type})`;
}

/** The composer's one-line judge header: `([NEG] | Apply when: … | Avoid when: … | Source: …) `. */
export function judgeHead(unit: MemoryUnit): string {
  const parts: string[] = [];
  if (unit.is_negative_example) parts.push("[NEG]");
  if (unit.use_when.length > 0) parts.push(`Apply when: ${unit.use_when.join("; ").slice(0, 200)}`);
  if (unit.avoid_when.length > 0) {
    parts.push(`Avoid when: ${unit.avoid_when.join("; ").slice(0, 200)}`);
  }
  parts.push(`Source: ${domainLabel(unit)}`);
  return `(${parts.join(" | ")}) `;
}

function typeLines(unit: MemoryUnit): string[] {
  const c = unit.content;
  const lines: string[] = [];
  const add = (label: string, v: unknown) => {
    const s = str(v);
    if (s) lines.push(label ? `${label}: ${s}` : s);
  };
  switch (unit.type) {
    case "tip": {
      const category = str(c.category);
      if (category === "fact") {
        // A conversation fact is shown as the turn it states ("Speaker: text"), like a BM25 hit:
        // its date, speaker and context stay in the unit for retrieval but cost no context.
        lines.push(str(c.principle));
        break;
      }
      lines.push(`TIP${category ? ` (${category})` : ""}: ${str(c.topic) || "general"}`);
      add("→ Use", c.applicability);
      add("Principle", c.principle);
      add("Example", c.micro_example);
      break;
    }
    case "workflow": {
      lines.push(`WORKFLOW [${str(c.chain_type) || "general"}]`);
      for (const s of records(c.agent_workflow)) {
        const text = str(s.generalized_execution) || str(s.action);
        if (text) lines.push(`- ${text}${str(s.rationale) ? ` (why: ${str(s.rationale)})` : ""}`);
      }
      for (const s of records(c.search_workflow)) {
        const text = str(s.query_formulation);
        if (text) {
          lines.push(
            `- search: ${text}${
              str(s.validation_criteria) ? ` (check: ${str(s.validation_criteria)})` : ""
            }`,
          );
        }
      }
      add("Final format check", c.final_format_check);
      break;
    }
    case "insight": {
      lines.push(`INSIGHT [${str(c.failure_pattern) || "unlabelled"}]`);
      add("Root cause", c.root_cause_conclusion);
      add("Mismatch", c.state_mismatch_analysis);
      add("Corrective strategy", c.corrective_strategy);
      add("Detection signal", c.detection_signal);
      break;
    }
    case "trajectory": {
      const steps = Array.isArray(c.steps) ? c.steps.length : 0;
      const tag = unit.is_negative_example
        ? "TRAJECTORY (NEGATIVE EXAMPLE — what did not work)"
        : "TRAJECTORY";
      lines.push(`${tag}, ${steps} step${steps === 1 ? "" : "s"}`);
      add("Key decision", c.key_decision);
      add("Critical observation", c.critical_observation);
      break;
    }
    case "shortcut": {
      lines.push(`SHORTCUT: ${str(c.name) || "unnamed"}`);
      add("", c.description);
      add("Precondition", c.precondition);
      break;
    }
  }
  return lines;
}

/**
 * The reference's `format_memory_unit`: band header, type-specific fields (raw trajectory steps
 * stay hidden), then Apply when / Avoid when / Source.
 */
export function formatUnit(unit: MemoryUnit, score: number): string {
  const lines = [`[Match: ${scoreBand(score)} | raw=${score.toFixed(3)}]`, ...typeLines(unit)];
  if (unit.use_when.length > 0) lines.push(`Apply when: ${unit.use_when.join("; ")}`);
  if (unit.avoid_when.length > 0) lines.push(`Avoid when: ${unit.avoid_when.join("; ")}`);
  lines.push(`Source: ${domainLabel(unit)}`);
  return lines.join("\n");
}

/**
 * The content the agent is shown for a unit: its type-specific lines, without the per-item
 * framing (match band, Apply/Avoid, source label) that every retrieved item carries alike. The
 * LoCoMo context budget counts these characters, and a unit may only cite the turns whose text
 * appears here in full.
 */
export function shownText(unit: MemoryUnit): string {
  return typeLines(unit).join("\n");
}

/** The composer candidate text of a unit: judge head followed by the formatted unit. */
export function candidateText(unit: MemoryUnit, score: number): string {
  return judgeHead(unit) + formatUnit(unit, score);
}
