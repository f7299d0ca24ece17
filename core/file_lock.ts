/**
 * Cross-process turn-taking on a directory (docs/design.md#multi-process): an OS advisory lock
 * (`flock`, through `Deno.FsFile.lock`) on a lock file, and a stamp of a directory's files that
 * tells a process whether somebody else changed them since it last looked. The OS releases the
 * lock when its holder dies, so a crashed process never leaves a directory locked. `flock` locks
 * belong to an open file, so two handles in one process exclude each other just as two processes
 * do.
 *
 * @module
 */
import { join } from "node:path";
import { AutomemError } from "./automem_error.ts";

/** A held lock; release it (or `await using` it). */
export class FileLock implements AsyncDisposable {
  readonly #file: Deno.FsFile;
  readonly #path: string;
  #held = true;

  private constructor(file: Deno.FsFile, path: string) {
    this.#file = file;
    this.#path = path;
  }

  /** Waits until the lock on `path` (created when absent) is ours; exclusive by default. */
  static async acquire(path: string, exclusive = true): Promise<FileLock> {
    let file: Deno.FsFile;
    try {
      file = await Deno.open(path, { read: true, write: true, create: true });
    } catch (error) {
      throw new AutomemError(
        "lock_failed",
        `cannot open the lock file ${path}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    try {
      await file.lock(exclusive);
    } catch (error) {
      file.close();
      throw new AutomemError(
        "lock_failed",
        `cannot lock ${path}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return new FileLock(file, path);
  }

  /** The short note the holders keep in the lock file (e.g. a change counter), "" when none. */
  readNote(): Promise<string> {
    // flock is advisory: reading by path while holding the lock sees what the holders wrote.
    return Deno.readTextFile(this.#path);
  }

  /** Replaces the note; only the holder of an exclusive lock should write it. */
  async writeNote(note: string): Promise<void> {
    await this.#file.truncate(0);
    await this.#file.seek(0, Deno.SeekMode.Start);
    const bytes = new TextEncoder().encode(note);
    let written = 0;
    while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
  }

  /** Gives the lock back (idempotent). */
  async release(): Promise<void> {
    if (!this.#held) return;
    this.#held = false;
    try {
      await this.#file.unlock();
    } finally {
      this.#file.close();
    }
  }

  /** `await using lock = await FileLock.acquire(...)` releases it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.release();
  }
}

/** Runs `fn` while holding the lock on `path`. */
export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
  exclusive = true,
): Promise<T> {
  await using _lock = await FileLock.acquire(path, exclusive);
  return await fn();
}

/**
 * A stamp of the files directly in `dir` (name, inode, size, modification time in ns where the
 * platform has it): equal stamps mean nobody wrote there in between. Files renamed into place get
 * a new inode, appends change the size, so every write automem makes changes the stamp. `skip`
 * leaves out names (the lock file itself). A missing directory has the stamp `""`.
 */
export async function directoryStamp(
  dir: string,
  skip: (name: string) => boolean = () => false,
): Promise<string> {
  const parts: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (skip(entry.name)) continue;
      const info = await Deno.lstat(join(dir, entry.name)).catch(() => undefined);
      if (info === undefined) continue; // removed while we listed: the next stamp sees it
      parts.push(`${entry.name}:${info.ino ?? ""}:${info.size}:${info.mtime?.getTime() ?? ""}`);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "";
    throw error;
  }
  return parts.sort().join("|");
}
