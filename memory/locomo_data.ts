/**
 * Loading the LoCoMo file and choosing its conversations for `automem locomo`.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { type LocomoConversation, parseLocomo } from "./trajectory_io/locomo.ts";

/** Reads and parses the data file; throws with every issue when it is not valid LoCoMo. */
export async function loadLocomo(path: string | URL): Promise<LocomoConversation[]> {
  const parsed = parseLocomo(await Deno.readTextFile(path));
  if (!parsed.ok) {
    const head = parsed.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new AutomemError(
      "invalid_data",
      `invalid LoCoMo file ${String(path)}: ${head.join("; ")}`,
    );
  }
  return parsed.value.conversations;
}

/** Resolves 1-based conversation numbers against the file; throws on an out-of-range number. */
export function selectConversations(
  all: readonly LocomoConversation[],
  numbers: readonly number[] | undefined,
): number[] {
  const chosen = numbers ?? all.map((_, i) => i + 1);
  if (chosen.length === 0) {
    throw new AutomemError("invalid_argument", "conversations: at least one is needed");
  }
  for (const n of chosen) {
    if (!Number.isInteger(n) || n < 1 || n > all.length) {
      throw new AutomemError("invalid_argument", `conversations: ${n} is not in 1..${all.length}`);
    }
  }
  return [...new Set(chosen)];
}
