/**
 * Parser for the Reflexion HotpotQA log (`hotpotqa_react_reflexion_100q_5trials.txt`): five
 * trials of ReAct agents, each trial split into CORRECT / INCORRECT / HALTED sections, each
 * record a `Question:` (with the reflections written after earlier failed trials), numbered
 * `Thought i` / `Action i` / `Observation i` lines (observations may span several lines) and a
 * `Correct answer:` line.
 *
 * Each record becomes a {@linkcode Trajectory} (one `action` step per Thought/Action/Observation
 * triple, `ref` = `step:<index>` counted from 0) and a {@linkcode TaskOutcome}. A step is marked
 * `error` when the environment rejected it (`Could not find`, `No Results`, `Invalid Action`) or
 * when it is the wrong `Finish`. The question id is stable across trials, so the same question's
 * five attempts can be grouped.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { sha256Hex } from "../../core/canonical_json.ts";
import type { Issue, ParseResult } from "../../core/issues.ts";
import { fromZodIssues } from "../../core/issues.ts";
import {
  type TaskContext,
  TaskOutcomeSchema,
  TrajectorySchema,
  type TrajectoryStep,
} from "../../core/trajectory.ts";

/** Labels of the log's sections. */
export const HOTPOT_LABELS = ["CORRECT", "INCORRECT", "HALTED"] as const;

/** One parsed attempt. */
export const HotpotRecordSchema = z.object({
  trial: z.number().int().min(1),
  label: z.enum(HOTPOT_LABELS),
  /** `hq-` + 10 hex of the question's SHA-256: equal across trials. */
  question_id: z.string().regex(/^hq-[0-9a-f]{10}$/),
  question: z.string().min(1),
  /** Reflections from earlier failed trials, as shown to the agent. */
  reflections: z.array(z.string().min(1)),
  expected: z.string(),
  /** 1-based line of the `Question:` line. */
  line: z.number().int().min(1),
  trajectory: TrajectorySchema,
  outcome: TaskOutcomeSchema,
});

/** One parsed attempt, with the task as the memory side sees it. */
export type HotpotRecord = z.infer<typeof HotpotRecordSchema> & { task: TaskContext };

const RETRY_SUFFIX =
  /\s*You have attempted to answer following question before and failed\.[\s\S]*$/;
const ENV_ERROR = /^(Could not find|No Results|Invalid Action)/;
const ARG_KEYS: Record<string, string> = { Search: "query", Lookup: "keyword", Finish: "answer" };

interface Draft {
  line: number;
  trial: number;
  label: typeof HOTPOT_LABELS[number];
  question: string;
  reflections: string[];
  triples: { thought?: string; action?: string; observation?: string }[];
  expected?: string;
  /** The field continuation lines are appended to. */
  open?: { field: "thought" | "action" | "observation" | "question" | "expected"; index: number };
}

/** Splits `Tool[argument]`; anything else becomes tool `invalid` with the raw text. */
export function parseReactAction(action: string): { tool: string; args: Record<string, string> } {
  const m = /^([A-Za-z_]+)\[([\s\S]*)\]$/.exec(action.trim());
  if (!m) return { tool: "invalid", args: { input: action.trim() } };
  return { tool: m[1], args: { [ARG_KEYS[m[1]] ?? "input"]: m[2].trim() } };
}

function questionId(question: string): string {
  return "hq-" + sha256Hex(question.replace(/\s+/g, " ").trim()).slice(0, 10);
}

function build(d: Draft, issues: Issue[]): HotpotRecord | undefined {
  const at = (message: string, code = "malformed_record") =>
    issues.push({ code, path: ["line", d.line], message: `record at line ${d.line}: ${message}` });
  if (d.expected === undefined) return void at("no 'Correct answer:' line", "missing_field");
  const steps: TrajectoryStep[] = [];
  let finalAnswer: string | undefined;
  let verdict: string | undefined;
  d.triples.forEach((t, i) => {
    if (t.action === undefined) return void at(`Thought ${i + 1} has no Action ${i + 1}`);
    const { tool, args } = parseReactAction(t.action);
    const observation = (t.observation ?? "").trim();
    if (tool === "Finish") {
      finalAnswer = args.answer;
      verdict = /^Answer is (CORRECT|INCORRECT)/.exec(observation)?.[1];
    }
    steps.push({
      ref: `step:${i}`,
      kind: "action",
      ...(t.thought !== undefined ? { thought: t.thought.trim() } : {}),
      tool,
      args,
      observation,
      ...(ENV_ERROR.test(observation) || observation.startsWith("Answer is INCORRECT")
        ? { error: true }
        : {}),
    });
  });
  if (d.label !== "HALTED" && verdict !== d.label) {
    at(`section ${d.label} but the Finish observation says ${verdict ?? "nothing"}`, "label");
  }
  const question = d.question.replace(RETRY_SUFFIX, "").trim();
  const question_id = questionId(question);
  const expected = d.expected.trim();
  const answer = finalAnswer;
  const outcome = d.label === "CORRECT" ? { success: true, score: 1, answer, expected } : {
    success: false,
    score: 0,
    answer,
    expected,
    failure_reason: d.label === "HALTED"
      ? "Halted: the agent used its step budget without a Finish action"
      : `Answer mismatch: agent answered '${answer ?? ""}', expected '${expected}'`,
  };
  const record = {
    trial: d.trial,
    label: d.label,
    question_id,
    question,
    reflections: d.reflections.map((r) => r.trim()),
    expected,
    line: d.line,
    trajectory: {
      task_id: `hotpotqa/${question_id}/trial-${d.trial}`,
      query: question,
      steps,
      ...(answer !== undefined ? { final_answer: answer } : {}),
    },
    outcome,
  };
  const checked = HotpotRecordSchema.safeParse(record);
  if (!checked.success) {
    issues.push(
      ...fromZodIssues(checked.error.issues).map((i) => ({
        ...i,
        path: ["line", d.line, ...i.path],
      })),
    );
    return undefined;
  }
  return { ...checked.data, task: { id: checked.data.trajectory.task_id, text: question } };
}

/**
 * Parses the whole log. Every record is validated; any malformed record, unknown line or trial
 * whose summary counts disagree with its records makes the result an issue list naming the line.
 */
export function parseReflexionHotpotLog(text: string): ParseResult<HotpotRecord[]> {
  const issues: Issue[] = [];
  const records: HotpotRecord[] = [];
  const summaries = new Map<number, Record<string, number>>();
  let trial = 0;
  let label: Draft["label"] | undefined;
  let draft: Draft | undefined;
  let inReflections = false;
  const flush = () => {
    if (draft) {
      const r = build(draft, issues);
      if (r) records.push(r);
    }
    draft = undefined;
    inReflections = false;
  };
  const unexpected = (n: number, message: string) =>
    issues.push({ code: "unexpected_line", path: ["line", n], message: `line ${n}: ${message}` });
  const lines = text.split(/\r?\n/);
  for (let idx = 0; idx < lines.length; idx++) {
    const n = idx + 1;
    const line = lines[idx].trimEnd();
    let m: RegExpExecArray | null;
    if (/^#+$/.test(line) || line.trim() === "") continue;
    if ((m = /^BEGIN TRIAL (\d+)$/.exec(line))) {
      flush();
      trial = Number(m[1]);
      label = undefined;
      continue;
    }
    if ((m = /^Trial summary: Correct: (\d+), Incorrect: (\d+), Halted: (\d+)$/.exec(line))) {
      summaries.set(trial, { CORRECT: +m[1], INCORRECT: +m[2], HALTED: +m[3] });
      continue;
    }
    if ((m = /^-+ BEGIN (CORRECT|INCORRECT|HALTED) AGENTS -+$/.exec(line))) {
      flush();
      label = m[1] as Draft["label"];
      continue;
    }
    if ((m = /^Question:(.*)$/.exec(line))) {
      flush();
      if (trial === 0 || label === undefined) unexpected(n, "Question outside a trial section");
      else {
        draft = { line: n, trial, label, question: m[1], reflections: [], triples: [] };
        draft.open = { field: "question", index: 0 };
      }
      continue;
    }
    if (!draft) {
      unexpected(n, "text outside a record");
      continue;
    }
    if (line === "Reflections:") {
      inReflections = true;
      continue;
    }
    if (inReflections && line.startsWith("- ")) {
      draft.reflections.push(line.slice(2));
      continue;
    }
    if ((m = /^(Thought|Action|Observation) (\d+):\s?(.*)$/.exec(line))) {
      inReflections = false;
      const index = Number(m[2]) - 1;
      const field = m[1].toLowerCase() as "thought" | "action" | "observation";
      if (index !== draft.triples.length - (field === "thought" ? 0 : 1)) {
        issues.push({
          code: "step_order",
          path: ["line", n],
          message: `line ${n}: ${m[1]} ${m[2]} is out of order`,
        });
        continue;
      }
      if (field === "thought") draft.triples.push({});
      draft.triples[index][field] = m[3];
      draft.open = { field, index };
      continue;
    }
    if ((m = /^Correct answer:\s?(.*)$/.exec(line))) {
      draft.expected = m[1];
      draft.open = { field: "expected", index: 0 };
      continue;
    }
    // Observations (and rarely other fields) continue on the following lines.
    const open = draft.open;
    if (open?.field === "question") draft.question += "\n" + line;
    else if (open?.field === "expected") draft.expected += "\n" + line;
    else if (open) {
      const t = draft.triples[open.index];
      t[open.field] = (t[open.field] ?? "") + "\n" + line;
    }
  }
  flush();
  for (const [t, counts] of summaries) {
    for (const l of HOTPOT_LABELS) {
      const got = records.filter((r) => r.trial === t && r.label === l).length;
      if (got !== counts[l] && issues.length === 0) {
        issues.push({
          code: "summary_mismatch",
          path: ["trial", t, l],
          message: `trial ${t}: summary says ${counts[l]} ${l} but ${got} records were parsed`,
        });
      }
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: records };
}
