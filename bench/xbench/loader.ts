/**
 * xBench-DeepSearch files: UTF-8 CSV (BOM tolerated) with columns `id, prompt, answer,
 * reference_steps, canary`. `prompt` and `answer` are decrypted in memory with the row's canary
 * (see `cipher.ts`); `reference_steps` is not used. Ids must be non-empty and unique. The
 * decrypted text is kept only in the returned tasks; issues never quote it.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { isAutomemError } from "../../core/automem_error.ts";
import { fromZodIssues, type Issue } from "../../core/issues.ts";
import {
  duplicateIssues,
  type LoadResult,
  rowIssues,
  type WebTask,
} from "../web_bench/web_task.ts";
import { xbenchDecrypt } from "./cipher.ts";
import { parseCsvRows } from "./csv_rows.ts";

/** One encrypted xBench row as it appears in the CSV. */
export const XbenchRowSchema = z.looseObject({
  id: z.string({ error: "id is missing" }).trim().min(1, { error: "id must not be empty" }),
  prompt: z.string({ error: "prompt is missing" }).min(1, { error: "prompt must not be empty" }),
  answer: z.string({ error: "answer is missing" }).min(1, { error: "answer must not be empty" }),
  canary: z.string({ error: "canary is missing" }).min(1, { error: "canary must not be empty" }),
});

/** The CSV header the dataset uses (and the fixture writer writes). */
export const XBENCH_COLUMNS = ["id", "prompt", "answer", "reference_steps", "canary"] as const;

/** Parses and decrypts an xBench CSV's text; never throws. */
export function loadXbench(text: string): LoadResult {
  let records: Record<string, string>[];
  try {
    records = parseCsvRows(text);
  } catch (e) {
    const message = `not valid CSV: ${(e as Error).message}`;
    return { ok: false, issues: [{ code: "invalid_csv", path: [], message }] };
  }
  const issues: Issue[] = [];
  const tasks: WebTask[] = [];
  records.forEach((value, row) => {
    const where = row + 1;
    const r = XbenchRowSchema.safeParse(value);
    if (!r.success) {
      issues.push(...rowIssues("row", where, fromZodIssues(r.error.issues)));
      return;
    }
    const fields: Record<string, string> = {};
    for (const f of ["prompt", "answer"] as const) {
      try {
        fields[f] = xbenchDecrypt(r.data[f], r.data.canary).trim();
      } catch (e) {
        if (!isAutomemError(e)) throw e;
        issues.push(
          ...rowIssues("row", where, [{ code: "decrypt_failed", path: [f], message: e.message }]),
        );
      }
    }
    if (fields.prompt === undefined || fields.answer === undefined) return;
    tasks.push({
      row,
      id: r.data.id,
      question: fields.prompt,
      answer: fields.answer,
      level: 1,
      levelGiven: false,
      info: { id: r.data.id },
    });
  });
  issues.push(...duplicateIssues(tasks, "row"));
  if (issues.length === 0 && tasks.length === 0) {
    issues.push({ code: "empty", path: [], message: "the xBench file has no rows" });
  }
  return issues.length ? { ok: false, issues } : { ok: true, tasks };
}
