/**
 * Temporary directories for data that must not reach a disk: on a RAM-backed file system
 * (`/dev/shm`) when one exists and is writable, else the system temp directory.
 *
 * @module
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256Hex } from "./canonical_json.ts";

/** Where RAM-backed temporary directories are made, when the machine has one. */
export const RAM_TEMP_ROOT = "/dev/shm";

/**
 * Runs `make` in `root`, or in the system temp directory when `root` is missing or not writable
 * (any other error is thrown), and makes the directory it returns private (0700).
 */
async function inRamOrTemp(root: string, make: (base: string) => Promise<string>): Promise<string> {
  let dir: string;
  try {
    dir = await make(root);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound || e instanceof Deno.errors.PermissionDenied)) throw e;
    dir = await make(tmpdir());
  }
  await Deno.chmod(dir, 0o700).catch(() => {});
  return dir;
}

/** Makes a private (0700) temporary directory, RAM-backed when possible; the caller removes it. */
export function makeRamTempDir(prefix: string, root = RAM_TEMP_ROOT): Promise<string> {
  return inRamOrTemp(root, (base) => Deno.makeTempDir({ dir: base, prefix }));
}

/**
 * A fresh private (0700) directory whose name is fixed by `key` (`<prefix><hash of key>`),
 * RAM-backed when possible. Whatever an earlier holder of the same key left there (a process
 * killed with SIGKILL) is removed first, so redoing the same work cleans up after the crash.
 */
export function makeRamDirFor(key: string, prefix: string, root = RAM_TEMP_ROOT): Promise<string> {
  const name = prefix + sha256Hex(key).slice(0, 24);
  return inRamOrTemp(root, async (base) => {
    const dir = join(base, name);
    await Deno.remove(dir, { recursive: true }).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    });
    await Deno.mkdir(dir, { mode: 0o700 });
    return dir;
  });
}
