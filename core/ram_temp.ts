/**
 * Temporary directories for data that must not reach a disk: on a RAM-backed file system
 * (`/dev/shm`) when one exists and is writable, else the system temp directory.
 *
 * @module
 */

/** Where RAM-backed temporary directories are made, when the machine has one. */
export const RAM_TEMP_ROOT = "/dev/shm";

/** Makes a private (0700) temporary directory, RAM-backed when possible; the caller removes it. */
export async function makeRamTempDir(prefix: string, root = RAM_TEMP_ROOT): Promise<string> {
  let dir: string;
  try {
    dir = await Deno.makeTempDir({ dir: root, prefix });
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound || e instanceof Deno.errors.PermissionDenied)) throw e;
    dir = await Deno.makeTempDir({ prefix });
  }
  await Deno.chmod(dir, 0o700).catch(() => {});
  return dir;
}
