/**
 * One writer of `multi_process_test.ts`: opens a memory of each store kind named on the command
 * line, and the file memory, all in one shared directory, and makes `n` writes to each: lessons
 * and transcripts by turns, and one file-memory append per write, five at a time. Every write carries the token
 * `w<worker>x<i>` so the test can find each one exactly once afterwards.
 *
 * Usage: `deno run -A tests/multi_process_worker.ts ROOT WORKER N KIND[,KIND...]`
 *
 * @module
 */
import { join } from "node:path";
import { type AutomemMemory, createMemory, fromChatTranscript } from "../mod.ts";
import { McpFiles } from "../server/mcp/mod.ts";
import { simpleSpec } from "../memory/testing/fixtures.ts";
import type { StoreKind } from "../core/space.ts";

const [root, worker, n, kinds] = Deno.args;
const GROUP = 5;
const memories = await Promise.all(
  kinds.split(",").map((store) =>
    createMemory({
      spec: simpleSpec(store as StoreKind),
      dir: join(root, store),
    })
  ),
);
const files = await McpFiles.open(join(root, "files.json"));
/** One write of round `i` to `memory`: a lesson on even rounds, a transcript on odd ones. */
function write(memory: AutomemMemory, i: number): Promise<unknown> {
  const token = `w${worker}x${i}`;
  if (i % 2 === 0) return memory.add(`Lesson ${token}: check the door ${token} before leaving.`);
  const messages = [
    { role: "user" as const, content: `My locker code is ${token}.` },
    { role: "assistant" as const, content: "Noted." },
  ];
  const task = { id: `chat-${token}`, text: "remember my locker" };
  return memory.ingest(task, fromChatTranscript(messages, { taskId: task.id, query: task.text }));
}

// Rounds of GROUP writes in flight at once, as a busy server has: a handle batches queued calls
// into one turn, and turns of the four processes interleave between rounds.
for (let start = 0; start < Number(n); start += GROUP) {
  const round = Array.from({ length: Math.min(GROUP, Number(n) - start) }, (_, j) => start + j);
  await Promise.all([
    ...memories.flatMap((memory) => round.map((i) => write(memory, i))),
    ...round.map((i) => files.mutate((fs) => fs.append("notes.md", `note w${worker}x${i}`))),
  ]);
}
for (const memory of memories) await memory.close();
