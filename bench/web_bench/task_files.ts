/**
 * Per-task result files of `automem run`: `<tasks_dir>/<item_index>.json`, written atomically.
 * A file is valid — and skipped on resume — only when it parses, its name matches its
 * `item_index`, its `task_identity` matches the current input file and row, its status is
 * `success`, it is judged (`judge_unjudged: false`) and `task_score` is in [0, 1]. Anything else
 * is re-run.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../../core/zod.ts";
import { writeJsonAtomic } from "../../core/atomic_write.ts";
import { readTextIfExists } from "../../core/read_if_exists.ts";
import type { WebTaskRecord } from "./benchmark.ts";

/** The fields of a task file that validity and reports depend on (the rest is kept as is). */
export const WebTaskFileSchema = z.looseObject({
  item_index: z.int().positive(),
  task_identity: z.string().min(1),
  task_id: z.string(),
  status: z.enum(["success", "error"]),
  judge_unjudged: z.boolean(),
  task_score: z.number().min(0).max(1),
  level: z.number(),
  result: z.looseObject({
    success: z.boolean(),
    score: z.number(),
    judge_status: z.string(),
    steps: z.number(),
    total_tokens: z.number(),
    latency_ms: z.number(),
    tokens: z.record(z.string(), z.object({ prompt: z.number(), completion: z.number() })),
    error: z.string().optional(),
    metrics: z.record(z.string(), z.number()).optional(),
  }),
  stop: z.string(),
});

/** A parsed task file. */
export type WebTaskFile = z.infer<typeof WebTaskFileSchema>;

/** The file a record becomes. */
export function taskFileOf(record: WebTaskRecord, identity: string): WebTaskFile {
  const judged = ["judged", "rule"].includes(record.result.judge_status);
  return {
    ...record,
    task_identity: identity,
    status: judged && record.stop !== "no_model" ? "success" : "error",
    judge_unjudged: !judged,
    task_score: record.result.score,
  };
}

/** Path of a task's file. */
export function taskFilePath(dir: string, itemIndex: number): string {
  return join(dir, `${itemIndex}.json`);
}

/** Writes a task file atomically. */
export async function writeTaskFile(dir: string, file: WebTaskFile): Promise<void> {
  await writeJsonAtomic(taskFilePath(dir, file.item_index), file);
}

/** The task's file when it exists and is valid for `identity`; undefined otherwise. */
export async function readValidTaskFile(
  dir: string,
  itemIndex: number,
  identity: string,
): Promise<WebTaskFile | undefined> {
  const path = taskFilePath(dir, itemIndex);
  try {
    const info = await Deno.lstat(path);
    if (!info.isFile) return undefined;
  } catch {
    return undefined;
  }
  const text = await readTextIfExists(path);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = WebTaskFileSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const f = parsed.data;
  const valid = f.item_index === itemIndex && f.task_identity === identity &&
    f.status === "success" && !f.judge_unjudged && Number.isFinite(f.task_score);
  return valid ? f : undefined;
}
