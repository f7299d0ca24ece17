/**
 * The file-system port of state writes: every atomic write (run artifacts, task files, pools,
 * caches) and the event log's appends go through it, so tests can inject disk faults (ENOSPC, EROFS, EIO, EACCES) at an
 * exact file and prove that nothing unfinished is committed.
 *
 * @module
 */

/** The writes that state files need. */
export interface FsPort {
  mkdir(path: string): Promise<void>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Appends to a log file (the run's event log), creating it. */
  appendFile(path: string, data: Uint8Array): Promise<void>;
  /** A second name for a file (a hard link: no data is copied). */
  link(from: string, to: string): Promise<void>;
  /** Removes a file. */
  remove(path: string): Promise<void>;
  /** Flushes a file's (or a directory's entries') data to the disk. */
  sync(path: string): Promise<void>;
}

async function syncPath(path: string): Promise<void> {
  const file = await Deno.open(path, { read: true });
  try {
    await file.sync();
  } finally {
    file.close();
  }
}

/** The real file system. */
export const denoFs: FsPort = {
  mkdir: (path) => Deno.mkdir(path, { recursive: true }),
  writeFile: (path, data) => Deno.writeFile(path, data),
  rename: (from, to) => Deno.rename(from, to),
  appendFile: (path, data) => Deno.writeFile(path, data, { append: true }),
  link: (from, to) => Deno.link(from, to),
  remove: (path) => Deno.remove(path),
  sync: syncPath,
};

let current: FsPort = denoFs;

/** The port in effect. */
export function fsPort(): FsPort {
  return current;
}

/** Runs `fn` with `port` in effect (tests: fault injection), restoring the previous port after. */
export async function withFsPort<T>(port: FsPort, fn: () => Promise<T>): Promise<T> {
  const previous = current;
  current = port;
  try {
    return await fn();
  } finally {
    current = previous;
  }
}

/** An OS-style error with `code` (e.g. `ENOSPC`), as Deno raises for disk faults. */
export function osError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: injected fault writing '${path}'`), { code });
}
