/**
 * Leak checks for the real-game tests: which processes started by this Deno process (or by a
 * given one) are still alive, waiting a bounded time for them to go.
 *
 * @module
 */
import { pidsWithEnv } from "../pty/proc_probe.ts";

/** Live processes tagged with a game tag that starts with `${ownerPid}.`. */
export function gameProcesses(ownerPid: number = Deno.pid): number[] {
  return pidsWithEnv("AUTOMEM_GAME_TAG", `${ownerPid}.`);
}

/** Waits up to `ms` for every game process of `ownerPid` to end; returns those still alive. */
export async function waitNoGameProcesses(
  ownerPid: number = Deno.pid,
  ms = 3000,
): Promise<number[]> {
  const end = performance.now() + ms;
  let alive = gameProcesses(ownerPid);
  while (alive.length > 0 && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    alive = gameProcesses(ownerPid);
  }
  return alive;
}

/** Sorted entry names of `dir` (recursively, as relative paths), to compare before and after. */
export function listTree(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const rel = `${prefix}${e.name}`;
    out.push(rel);
    if (e.isDirectory) out.push(...listTree(`${dir}/${e.name}`, `${rel}/`));
  }
  return out.sort();
}
