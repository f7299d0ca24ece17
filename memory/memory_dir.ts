/**
 * The files `createMemory` keeps in a memory directory besides the store: the lock every handle
 * takes its turns on (docs/design.md#multi-process) and the identity of the embedder the stored
 * vectors came from, so a memory reopened with another embedder is refused with its own code
 * (`embedder_mismatch`) instead of failing later as a damaged file or, worse, answering with
 * vectors from two different spaces.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "zod";
import { writeJsonAtomic } from "../core/atomic_write.ts";
import type { Embedder } from "../core/ports.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { MemoryInputError } from "./memory_client.ts";

/** The lock file of a memory directory. */
export const MEMORY_LOCK_FILE = ".automem.lock";

/** The embedder identity file of a memory directory. */
export const EMBEDDER_FILE = "embedder.json";

const EmbedderIdentitySchema = z.object({ id: z.string(), dim: z.number().int().min(1) });

/** Creates `dir` (and parents), turning a file-system refusal into a typed error. */
export async function ensureMemoryDir(dir: string): Promise<void> {
  try {
    await Deno.mkdir(dir, { recursive: true });
  } catch (error) {
    const why = error instanceof Deno.errors.AlreadyExists
      ? "a file, not a directory, is in the way"
      : (error as Error).message;
    throw new MemoryInputError("invalid_dir", "dir", [
      {
        code: "invalid_dir",
        path: ["dir"],
        message: `cannot use ${dir} as a memory directory: ${why}`,
      },
    ]);
  }
  const info = await Deno.stat(dir);
  if (!info.isDirectory) {
    throw new MemoryInputError("invalid_dir", "dir", [
      { code: "invalid_dir", path: ["dir"], message: `${dir} is not a directory` },
    ]);
  }
}

/**
 * Records the embedder of a new memory, or checks that a reopened one uses the same; call it
 * inside the memory's turn.
 */
export async function checkEmbedderIdentity(dir: string, embedder: Embedder): Promise<void> {
  const path = join(dir, EMBEDDER_FILE);
  const text = await readTextIfExists(path);
  const mine = { id: embedder.id, dim: embedder.dim };
  if (text === undefined) return await writeJsonAtomic(path, mine);
  let stored: z.infer<typeof EmbedderIdentitySchema> | undefined;
  try {
    const parsed = EmbedderIdentitySchema.safeParse(JSON.parse(text));
    stored = parsed.success ? parsed.data : undefined;
  } catch {
    stored = undefined;
  }
  // A damaged identity file says nothing; the store's own dimension check still guards.
  if (stored === undefined) return await writeJsonAtomic(path, mine);
  if (stored.id !== mine.id || stored.dim !== mine.dim) {
    throw new MemoryInputError("embedder_mismatch", "embedder", [{
      code: "embedder_mismatch",
      path: ["embedder"],
      message: `the memory in ${dir} was built with embedder '${stored.id}' (${stored.dim}-d) ` +
        `but is opened with '${mine.id}' (${mine.dim}-d); reopen it with the same embedder, or ` +
        `export it and import it into a new memory (import re-embeds)`,
    }]);
  }
}
