/**
 * Reading a file that may legitimately not exist yet (a state file before the first write, a
 * cache miss, a run without events): absence is a value, every other failure still throws.
 *
 * @module
 */

/** The file's text, or `undefined` when there is no file at `path`. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** True when something is at `path` (links are not followed); failures other than absence throw. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
