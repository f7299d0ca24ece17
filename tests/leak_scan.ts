/**
 * Shared by the xBench leak tests: everything a run left on disk as one text, and the check that
 * no fixture task's question or answer occurs in it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { FixtureTask } from "../bench/web/fixture_tasks.ts";

/** Every file under `root`, recursively, decoded and concatenated ("" when `root` is absent). */
export async function textsUnder(root: string): Promise<string> {
  let all = "";
  try {
    for await (const e of Deno.readDir(root)) {
      const p = join(root, e.name);
      if (e.isDirectory) all += await textsUnder(p);
      else if (e.isFile) all += new TextDecoder().decode(await Deno.readFile(p));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return all;
}

/**
 * Fails when a task's question, or an answer of 4+ characters, occurs in `written`. Hashes and
 * floats contain short digit runs by chance (task identity hashes change with the fixture's
 * port), so an answer counts only as a whole token.
 */
export function assertNoTaskText(written: string, tasks: readonly FixtureTask[]): void {
  // Measured durations (`"elapsed_ms":1874`, "1874 ms") vary from run to run and can equal a
  // numeric answer by chance; they are machine timings, never task text.
  written = written
    .replace(/"[A-Za-z_]*_(?:ms|s|seconds)"\s*:\s*-?[\d.]+/g, "")
    .replace(/(?<![0-9A-Za-z.])\d+(?:\.\d+)?\s?(?:ms|s)\b/g, "");
  for (const t of tasks) {
    assert.ok(!written.includes(t.question), `question of ${t.id} leaked`);
    if (t.answer.length >= 4) {
      const escaped = t.answer.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const token = new RegExp(`(?<![0-9A-Za-z.])${escaped}(?![0-9A-Za-z])`);
      const at = written.search(token);
      assert.ok(at < 0, `answer of ${t.id} leaked: …${written.slice(at - 60, at + 20)}…`);
    }
  }
}
