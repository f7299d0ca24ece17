/**
 * How one Crawl game is started. Crawl takes a real seed (`-seed`) and keeps every file under
 * `-dir`; each game runs in its own mount namespace with a tmpfs over `/tmp`, so its save, lock
 * and morgue files vanish with its last process whatever way it ends. The first start in a new
 * directory compiles the level data (~10 s), so a compiled template (`saves/db`, `saves/des`)
 * is built once per machine and copied in with timestamps kept (Crawl recompiles when the
 * compiled files look older than its data).
 *
 * @module
 */
import type { PtySpawnOptions } from "../pty/pty_process.ts";

/** The game binary. */
export const CRAWL_BINARY = "/usr/games/crawl";

/** Where the compiled template is kept (one per user, rebuilt when incomplete). */
export function defaultCrawlCacheDir(): string {
  return `/var/tmp/automem-crawl-0.28-${Deno.uid() ?? 0}`;
}

/** The init file: no restart, no `--more--`, no delays or animations, a fixed starting weapon. */
export const CRAWL_INIT = [
  "restart_after_game = false",
  "show_more = false",
  "weapon = hand axe",
  "travel_delay = -1",
  "explore_delay = -1",
  "rest_delay = -1",
  "view_delay = 0",
  "use_animations =",
  "",
].join("\n");

/** Command-line arguments of one game in `dir`. */
export function crawlArgs(dir: string, seed: number): string[] {
  return [
    "-dir",
    dir,
    "-rc",
    `${dir}/init.txt`,
    "-morgue",
    `${dir}/morgue`,
    "-macro",
    dir,
    "-name",
    "agent",
    "-species",
    "Minotaur",
    "-background",
    "Berserker",
    "-seed",
    String(seed),
  ];
}

// Runs inside the new mount namespace: the template is reached through the working directory
// after the tmpfs hides the rest of `/tmp`.
const BOOT = [
  "set -e",
  'cd "$AUTOMEM_TEMPLATE"',
  "mount -t tmpfs -o size=128m automem /tmp",
  "mkdir -p /tmp/crawl/morgue",
  "cp -a saves /tmp/crawl/",
  'printf "%s" "$AUTOMEM_INIT" > /tmp/crawl/init.txt',
  "cd /tmp/crawl",
  `exec ${CRAWL_BINARY} ${crawlArgs("/tmp/crawl", 0).slice(0, -1).join(" ")} "$AUTOMEM_SEED"`,
].join("\n");

/** Spawn options for one seeded game from the compiled template in `templateDir`. */
export function crawlSpawnOptions(
  seed: number,
  tag: string,
  templateDir: string,
  rootless: boolean,
): PtySpawnOptions {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a non-negative safe integer, got ${seed}`);
  }
  return {
    env: "crawl",
    command: `unshare ${rootless ? "-rm" : "-m"} sh -c "$AUTOMEM_BOOT"`,
    gameName: "crawl",
    vars: {
      PATH: "/usr/sbin:/usr/bin:/sbin:/bin",
      TERM: "xterm",
      HOME: "/tmp/crawl",
      AUTOMEM_BOOT: BOOT,
      AUTOMEM_TEMPLATE: templateDir,
      AUTOMEM_INIT: CRAWL_INIT,
      AUTOMEM_SEED: String(seed),
      AUTOMEM_GAME_TAG: tag,
    },
  };
}

/** Why Crawl cannot run here, or undefined when it can. */
export function crawlUnavailableReason(): string | undefined {
  for (const path of [CRAWL_BINARY, "/usr/bin/script", "/usr/bin/unshare", "/usr/bin/setpriv"]) {
    try {
      Deno.statSync(path);
    } catch {
      return `${path} is missing (apt-get install crawl util-linux)`;
    }
  }
  return undefined;
}
