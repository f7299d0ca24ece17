/**
 * The memory directory as `createMemory` uses it besides the store: created up front with a
 * typed refusal, and the lock every handle takes its turns on (docs/design.md#multi-process).
 * The embedder identity is the store's own (`stores/embedder_marker.ts`).
 *
 * @module
 */
import { MemoryInputError } from "./memory_input.ts";

/** The lock file of a memory directory. */
export const MEMORY_LOCK_FILE = ".automem.lock";

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
