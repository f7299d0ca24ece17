/**
 * Task files (`--infile`): JSON Lines (one object per non-blank line) or one JSON array. Each row
 * is `{id?, question | task | text, level?, answer?, ...}`; the first non-empty of `question`,
 * `task`, `text` is the task text, `level` (1–3, default 1) may be a number or a numeric string,
 * `id` (string or integer) defaults to `task-<row+1>` and must be unique; every other field is kept
 * as task metadata. Problems are reported all at once, each naming its line (JSONL) or 1-based
 * row (array) and field.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { fromZodIssues, type Issue, type ParseResult } from "../../core/issues.ts";

/** One row of a task file, as validated. */
export const TaskRowSchema = z.looseObject({
  id: z.union([z.string().trim().min(1, { error: "id must not be empty" }), z.int()], {
    error: "id must be a non-empty string or an integer",
  }).optional(),
  question: z.string({ error: "question must be a string" }).optional(),
  task: z.string({ error: "task must be a string" }).optional(),
  text: z.string({ error: "text must be a string" }).optional(),
  level: z.union([z.int(), z.string().regex(/^\s*\d+\s*$/)], {
    error: "level must be 1, 2 or 3",
  }).transform(Number).pipe(
    z.int().min(1, { error: "level must be 1, 2 or 3" }).max(3, {
      error: "level must be 1, 2 or 3",
    }),
  ).optional(),
  answer: z.union([z.string(), z.number()], { error: "answer must be a string or a number" })
    .transform(String).optional(),
});

/** A parsed task of a task file. */
export interface FileTask {
  id: string;
  /** 0-based position in the file (rows only, blank lines skipped). */
  row: number;
  text: string;
  level: 1 | 2 | 3;
  /** False when the row gave no level (the default 1 was used). */
  levelGiven: boolean;
  answer?: string;
  /** Every other field of the row. */
  extra: Record<string, unknown>;
}

const TEXT_FIELDS = ["question", "task", "text"] as const;

/**
 * Splits a task file's text into rows: one JSON array, or JSON Lines (blank lines skipped); each
 * row says where it came from (1-based array row or line). Shared by the web benchmarks' loaders.
 */
export function rowsOf(
  text: string,
): { rows: { value: unknown; where: number }[]; issues: Issue[]; array: boolean } {
  const trimmed = text.trim();
  if (trimmed === "") {
    return {
      rows: [],
      issues: [{ code: "empty", path: [], message: "the task file is empty" }],
      array: false,
    };
  }
  if (trimmed.startsWith("[")) {
    try {
      const value = JSON.parse(trimmed);
      if (!Array.isArray(value)) throw new SyntaxError("the top level is not an array");
      return { rows: value.map((v, i) => ({ value: v, where: i + 1 })), issues: [], array: true };
    } catch (e) {
      const message = `not a valid JSON array: ${(e as Error).message}`;
      return { rows: [], issues: [{ code: "invalid_json", path: [], message }], array: true };
    }
  }
  const rows: { value: unknown; where: number }[] = [];
  const issues: Issue[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      rows.push({ value: JSON.parse(line), where: i + 1 });
    } catch (e) {
      issues.push({
        code: "invalid_json",
        path: [i + 1],
        message: `line ${i + 1}: not valid JSON (${(e as Error).message})`,
      });
    }
  });
  return { rows, issues, array: false };
}

/** Parses a task file's text; never throws. */
export function parseTaskFile(text: string): ParseResult<FileTask[]> {
  const { rows, issues, array } = rowsOf(text);
  const unit = array ? "row" : "line";
  const tasks: FileTask[] = [];
  const seen = new Map<string, number>();
  rows.forEach(({ value, where }, row) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({
        code: "not_object",
        path: [where],
        message: `${unit} ${where}: must be a JSON object`,
      });
      return;
    }
    const r = TaskRowSchema.safeParse(value);
    if (!r.success) {
      for (const i of fromZodIssues(r.error.issues)) {
        issues.push({
          ...i,
          path: [where, ...i.path],
          message: `${unit} ${where}, field '${i.path.join(".")}': ${i.message}`,
        });
      }
    }
    const row0 = value as Record<string, unknown>;
    const field = TEXT_FIELDS.find((f) =>
      typeof row0[f] === "string" && (row0[f] as string).trim() !== ""
    );
    if (
      !field &&
      !(r.error?.issues.some((i) => TEXT_FIELDS.includes(i.path[0] as typeof TEXT_FIELDS[number])))
    ) {
      issues.push({
        code: "missing_field",
        path: [where, "question"],
        message:
          `${unit} ${where}, field 'question': one of question, task or text must be a non-empty string`,
      });
    }
    if (!r.success || !field) return;
    const id = r.data.id !== undefined ? String(r.data.id) : `task-${row + 1}`;
    if (seen.has(id)) {
      issues.push({
        code: "duplicate",
        path: [where, "id"],
        message: `${unit} ${where}, field 'id': '${id}' already used on ${unit} ${seen.get(id)}`,
      });
      return;
    }
    seen.set(id, where);
    const extra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!["id", "level", "answer", ...TEXT_FIELDS].includes(k)) extra[k] = v;
    }
    tasks.push({
      id,
      row,
      text: (row0[field] as string).trim(),
      level: (r.data.level ?? 1) as 1 | 2 | 3,
      levelGiven: r.data.level !== undefined,
      ...(r.data.answer !== undefined ? { answer: r.data.answer } : {}),
      extra,
    });
  });
  if (issues.length === 0 && tasks.length === 0) {
    issues.push({ code: "empty", path: [], message: "the task file has no tasks" });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: tasks };
}
