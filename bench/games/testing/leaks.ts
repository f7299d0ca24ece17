/**
 * Leak checks for the real-game tests: which processes of the games with a given tag prefix are
 * still alive, waiting a bounded time for them to go.
 *
 * @module
 */
import { pidsWithEnv } from "../pty/proc_probe.ts";

/** Live processes of the games tagged `<prefix>.<n>` (see the `processTag` option). */
export function gameProcesses(prefix: string): number[] {
  return pidsWithEnv("AUTOMEM_GAME_TAG", `${prefix}.`);
}

/** Waits up to `ms` for every game process tagged `prefix` to end; returns those still alive. */
export async function waitNoGameProcesses(
  prefix: string,
  ms = 3000,
): Promise<number[]> {
  const end = performance.now() + ms;
  let alive = gameProcesses(prefix);
  while (alive.length > 0 && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    alive = gameProcesses(prefix);
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
