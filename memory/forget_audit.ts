/**
 * The audit of forgotten units (`forgotten.jsonl` in the memory directory): one line per unit a
 * `delete` or `purge` removed, saying what it was (id, type, signature, source task) and when and
 * why it went, but never its text: an audit that kept the text would undo the forgetting
 * (docs/design.md#forgetting).
 *
 * @module
 */
import { z } from "../core/zod.ts";
import { AutomemError } from "../core/automem_error.ts";
import { isoUtc } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { ENCODE_TYPES, type EncodeType } from "../core/space.ts";
import type { MemoryUnit } from "../core/unit.ts";

/** Name of the audit file inside the memory directory. */
export const FORGOTTEN_FILE = "forgotten.jsonl";

/** One audit entry. */
export const ForgottenUnitSchema = z.object({
  id: z.string(),
  type: z.enum(ENCODE_TYPES),
  signature: z.string(),
  source_task_id: z.string(),
  created_at: z.string(),
  forgotten_at: z.string(),
  /** `delete`: removed by id; `purge`: an inactive unit swept by `purge()`. */
  reason: z.enum(["delete", "purge"]),
});

/**
 * One audit entry ({@linkcode ForgottenUnitSchema} checks it; `memory/forget_audit_test.ts` keeps
 * this interface equal to the schema's type).
 */
export interface ForgottenUnit {
  /** The forgotten unit's id. */
  id: string;
  /** Its encode type. */
  type: EncodeType;
  /** Its dedup signature. */
  signature: string;
  /** The task it was learnt from. */
  source_task_id: string;
  /** When it was created (ISO UTC). */
  created_at: string;
  /** When it was forgotten (ISO UTC). */
  forgotten_at: string;
  /** `delete`: removed by id; `purge`: an inactive unit swept by `purge()`. */
  reason: "delete" | "purge";
}

/** Appends one entry per removed unit to the audit at `path`; returns the entries. */
export async function appendAudit(
  path: string,
  removed: readonly MemoryUnit[],
  reason: ForgottenUnit["reason"],
  clock: Clock,
): Promise<ForgottenUnit[]> {
  const at = isoUtc(clock.now());
  const entries: ForgottenUnit[] = removed.map((u) => ({
    id: u.id,
    type: u.type,
    signature: u.signature,
    source_task_id: u.source_task_id,
    created_at: u.created_at,
    forgotten_at: at,
    reason,
  }));
  if (entries.length > 0) {
    const text = entries.map((e) => JSON.stringify(e) + "\n").join("");
    await Deno.writeTextFile(path, text, { append: true });
  }
  return entries;
}

/**
 * The audit at `path`, oldest first (empty when there is none). A torn last line (a crash while
 * appending) is skipped; any other unreadable line is a `corrupt_state` error naming it.
 */
export async function readAudit(path: string): Promise<ForgottenUnit[]> {
  const text = await readTextIfExists(path);
  if (text === undefined) return [];
  const lines = text.split("\n");
  const out: ForgottenUnit[] = [];
  lines.forEach((line, i) => {
    if (line === "") return;
    let parsed: ReturnType<typeof ForgottenUnitSchema.safeParse> | undefined;
    try {
      parsed = ForgottenUnitSchema.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) out.push(parsed.data);
    else if (i !== lines.length - 1) {
      throw new AutomemError("corrupt_state", `${path}:${i + 1}: not a forgotten-unit entry`);
    }
  });
  return out;
}
