/**
 * One writer of `multi_process_test.ts`: opens a memory of each store kind named on the command
 * line, and the file memory, all in one shared directory, and makes `n` writes to each: lessons
 * and transcripts by turns, and one file-memory append per round. Every write carries the token
 * `w<worker>x<i>` so the test can find each one exactly once afterwards.
 *
 * Usage: `deno run -A tests/multi_process_worker.ts ROOT WORKER N KIND[,KIND...]`
 *
 * @module
 */
import { join } from "node:path";
import { createMemory, fromChatTranscript } from "../mod.ts";
import { McpFiles } from "../server/mcp/mod.ts";

const [root, worker, n, kinds] = Deno.args;
const memories = await Promise.all(
  kinds.split(",").map((store) =>
    createMemory({
      spec: {
        schema_version: "1",
        encode: "tip",
        store,
        retrieve: "hybrid",
        manage: "lightweight",
      },
      dir: join(root, store),
    })
  ),
);
const files = await McpFiles.open(join(root, "files.json"));
for (let i = 0; i < Number(n); i++) {
  const token = `w${worker}x${i}`;
  for (const memory of memories) {
    if (i % 2 === 0) await memory.add(`Lesson ${token}: check the door ${token} before leaving.`);
    else {
      const messages = [
        { role: "user" as const, content: `My locker code is ${token}.` },
        { role: "assistant" as const, content: "Noted." },
      ];
      const task = { id: `chat-${token}`, text: "remember my locker" };
      await memory.ingest(
        task,
        fromChatTranscript(messages, { taskId: task.id, query: task.text }),
      );
    }
  }
  await files.mutate((fs) => fs.append("notes.md", `note ${token}`));
}
for (const memory of memories) await memory.close();
