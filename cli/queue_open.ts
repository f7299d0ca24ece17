/**
 * Opening the queue named by `--queue`: the URL checked, the CA of `AUTOMEM_QUEUE_CA_FILE`
 * loaded, and only the redacted URL ever shown. Kept apart from the worker command so the queue
 * runners it loads can open a queue without importing it back.
 *
 * @module
 */
import { loadConfig } from "../core/config.ts";
import { redactQueueUrl } from "../core/queue_url.ts";
import type { Flags } from "./args.ts";
import { type CliIo, UsageError } from "./io.ts";

/** The PEM text of `AUTOMEM_QUEUE_CA_FILE` (undefined when unset); a missing file is an error. */
export async function queueCa(io: CliIo): Promise<string | undefined> {
  const file = loadConfig({ env: io.env, cwd: io.cwd }).queueCaFile;
  if (file === null) return undefined;
  try {
    return await Deno.readTextFile(file);
  } catch (e) {
    throw new UsageError(`AUTOMEM_QUEUE_CA_FILE ${file}: ${(e as Error).message}`);
  }
}

/** Opens the queue named by `--queue` (null without the flag). */
export async function openQueue(flags: Flags, io: CliIo) {
  if (flags.queue === undefined) return null;
  const url = String(flags.queue);
  const { parseQueueUrl } = await import("../core/queue_url.ts");
  try {
    parseQueueUrl(url);
  } catch (e) {
    throw new UsageError(`--queue: ${(e as Error).message}`);
  }
  const { JobQueue } = await import("../core/redis_queue.ts");
  let last = "";
  const queue = await JobQueue.open(url, {
    tlsCa: await queueCa(io),
    timeoutMs: loadConfig({ env: io.env, cwd: io.cwd }).queueTimeoutMs,
    signal: io.signal,
    onError: (m) => {
      if (m !== last) io.stderr(`queue: ${m}\n`);
      last = m;
    },
  });
  io.stderr(`queue: dispatching evaluations to workers on ${redactQueueUrl(url)}\n`);
  return queue;
}
