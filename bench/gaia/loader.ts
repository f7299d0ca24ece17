/**
 * GAIA task files: a JSON array or JSON Lines of `{Question, "Final answer", file_name, task_id,
 * Level}` (GAIA's own metadata shape). `file_name` is empty or a path relative to the file's
 * folder; absolute paths and `..` segments are refused here, the attachment tool confines reads
 * again at run time. `Level` is 1–3 as a number or numeric string. GAIA's test split publishes its
 * questions with the answer `?` (the answers stay with the leaderboard); such rows cannot be
 * scored here, so a file with any of them is refused with one issue that says so, instead of
 * loading tasks that would all score 0. The parquet form (`metadata.parquet`) reaches this
 * loader as the JSON array of its rows (see `web_bench/open.ts`).
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { fromZodIssues, type Issue } from "../../core/issues.ts";
import {
  duplicateIssues,
  jsonRows,
  type LoadResult,
  rowIssues,
  type WebTask,
} from "../web_bench/web_task.ts";

const level = z.union([z.int(), z.string().regex(/^\s*[123]\s*$/)], {
  error: "Level must be 1, 2 or 3",
}).transform(Number).pipe(z.int().min(1).max(3, { error: "Level must be 1, 2 or 3" }));

/** One GAIA row. */
export const GaiaRowSchema = z.looseObject({
  Question: z.string({ error: "Question must be a string" }).trim().min(1, {
    error: "Question must not be empty",
  }),
  "Final answer": z.union([z.string(), z.number()], {
    error: "Final answer must be a string or a number",
  }).transform(String),
  file_name: z.string({ error: "file_name must be a string" }).nullable().default(""),
  task_id: z.string({ error: "task_id must be a non-empty string" }).trim().min(1, {
    error: "task_id must not be empty",
  }),
  Level: level,
});

/** A validated GAIA row. */
export type GaiaRow = z.infer<typeof GaiaRowSchema>;

function attachmentIssue(name: string): string | undefined {
  if (name.startsWith("/") || /^[A-Za-z]:[\\/]/.test(name)) return "must be a relative path";
  if (name.split(/[\\/]/).includes("..")) return "must not contain '..'";
  return undefined;
}

function unansweredIssue(where: number[], total: number, unit: string): Issue {
  const shown = where.slice(0, 5).join(", ") + (where.length > 5 ? ", …" : "");
  return {
    code: "no_gold_answer",
    path: [where[0], "Final answer"],
    message: `${where.length} of ${total} rows have the answer '?' (${unit} ${shown}): GAIA's ` +
      "test split keeps its answers private, so automem cannot score it; run the validation " +
      "split, or submit test answers to the GAIA leaderboard",
  };
}

/** Parses a GAIA file's text; never throws. */
export function loadGaia(text: string): LoadResult {
  const { rows, issues, unit } = jsonRows(text);
  const tasks: WebTask[] = [];
  const unanswered: number[] = [];
  rows.forEach(({ value, where }, row) => {
    const r = GaiaRowSchema.safeParse(value);
    if (!r.success) {
      issues.push(...rowIssues(unit, where, fromZodIssues(r.error.issues)));
      return;
    }
    if (r.data["Final answer"].trim() === "?") {
      unanswered.push(where);
      return;
    }
    const file = (r.data.file_name ?? "").trim();
    const bad = file ? attachmentIssue(file) : undefined;
    if (bad) {
      issues.push(
        ...rowIssues(unit, where, [{ code: "unsafe_path", path: ["file_name"], message: bad }]),
      );
      return;
    }
    tasks.push({
      row,
      id: r.data.task_id,
      question: r.data.Question,
      answer: r.data["Final answer"],
      level: r.data.Level as 1 | 2 | 3,
      levelGiven: true,
      ...(file ? { attachment: file } : {}),
      info: { Level: r.data.Level, file_name: file },
    });
  });
  if (unanswered.length > 0) issues.push(unansweredIssue(unanswered, rows.length, unit));
  issues.push(...duplicateIssues(tasks, unit));
  if (issues.length === 0 && tasks.length === 0) {
    issues.push({ code: "empty", path: [], message: "the GAIA file has no tasks" } as Issue);
  }
  return issues.length ? { ok: false, issues } : { ok: true, tasks };
}
