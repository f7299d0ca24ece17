/**
 * Atomic file writes: data goes to a temporary sibling first and is renamed over the target, so a
 * reader (or a resumed run after a kill) sees either the old file or the new one, never half.
 * Text passes through the secret-value redactor on its way (`secret_values.ts`), so no artifact
 * written this way — task results, reports, sweep and scaffold files — can hold a configured key,
 * password or query secret, whichever writer produced it.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { dirname } from "node:path";
import { fsPort } from "./fs_port.ts";
import { redactSecretValues } from "./secret_values.ts";

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Writes `data` to `path` atomically, creating parent directories. The temporary file
 * `<path>.<random>.tmp` lives in the same directory because rename is only atomic within one
 * filesystem. No fsync: this guards against torn writes from crashes of the process, not of the OS.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const fs = fsPort();
  await fs.mkdir(dirname(path));
  const tmp = `${path}.${randomSuffix()}.tmp`;
  try {
    const bytes = typeof data === "string"
      ? new TextEncoder().encode(redactSecretValues(data))
      : data;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path);
  } catch (error) {
    await Deno.remove(tmp).catch(() => {});
    throw error;
  }
}

/** Writes `value` as JSON (2-space indent, trailing newline) to `path` atomically. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value, null, 2);
  if (text === undefined) {
    throw new AutomemError("invalid_argument", "value is not JSON-serialisable");
  }
  await writeFileAtomic(path, text + "\n");
}
