/**
 * How one NetHack game is started: a private playground per game, a seed and a fixed date.
 *
 * The Debian build compiles its playground path in (`/var/games/nethack`) and keeps lock files
 * there, so each game runs in its own mount namespace with a fresh tmpfs over that path: the
 * playground (and any lock, save or level file) vanishes with the game's last process, whatever
 * way it ends. The build seeds its RNG from 8 bytes of `/dev/urandom`, so a file with the seed's
 * bytes is bind-mounted over it; the date comes from libfaketime, which only loads into a
 * binary without the setgid bit, hence a plain copy of the game inside the tmpfs.
 *
 * @module
 */
import type { PtySpawnOptions } from "../pty/pty_process.ts";

/** Files the recipe needs. */
export const NETHACK_PATHS = {
  game: "/usr/lib/games/nethack/nethack-console",
  hackdir: "/usr/lib/games/nethack",
  playground: "/var/games/nethack",
  faketime: "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
} as const;

/** The fixed date every game believes it is (no full or new moon, not Friday 13th, daytime). */
export const NETHACK_DATE = "2024-01-18 12:00:00";

/** Options that start straight on the map with no questions (a neutral human Valkyrie). */
export const NETHACK_OPTIONS = [
  "name:agent",
  "role:Valkyrie",
  "race:human",
  "gender:female",
  "align:neutral",
  "!autopickup",
  "!legacy",
  "!news",
  "!mail",
  "!bones",
  "number_pad:0",
  "time",
  "showexp",
  "!rest_on_space",
  "suppress_alert:3.4.3",
  "disclose:-i -a -v -g -c -o",
  "!timed_delay",
  "!sparkle",
  "runmode:teleport",
].join(",");

// Runs inside the new mount namespace; `$AUTOMEM_SEED_BYTES` holds printf octal escapes.
const BOOT = [
  "set -e",
  `mount -t tmpfs -o size=64m,mode=0775 automem ${NETHACK_PATHS.playground}`,
  `cd ${NETHACK_PATHS.playground}`,
  ": > record; : > logfile; : > xlogfile; : > perm; : > livelog",
  "mkdir save dumps",
  `cp ${NETHACK_PATHS.game} ./nethack`,
  'printf "$AUTOMEM_SEED_BYTES" > seed',
  "mount --bind seed /dev/urandom",
  `cd ${NETHACK_PATHS.hackdir}`,
  'export LD_PRELOAD="$AUTOMEM_PRELOAD"',
  `exec ${NETHACK_PATHS.playground}/nethack`,
].join("\n");

/** The 8 seed bytes (little-endian unsigned 64-bit) as printf octal escapes. */
export function seedBytes(seed: number): string {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`seed must be a non-negative safe integer, got ${seed}`);
  }
  let v = BigInt(seed);
  let out = "";
  for (let i = 0; i < 8; i++) {
    out += `\\${(v & 0xffn).toString(8).padStart(3, "0")}`;
    v >>= 8n;
  }
  return out;
}

/** Spawn options for one seeded game, tagged with `tag` (an env var, for leak checks). */
export function nethackSpawnOptions(seed: number, tag: string, rootless: boolean): PtySpawnOptions {
  return {
    env: "nethack",
    command: `unshare ${rootless ? "-rm" : "-m"} sh -c "$AUTOMEM_BOOT"`,
    gameName: "nethack",
    // Enter must reach the game as CR (13), as in NLE: translated to LF it is Ctrl-J, a move.
    stty: "-icrnl",
    vars: {
      PATH: "/usr/sbin:/usr/bin:/sbin:/bin",
      TERM: "xterm",
      HOME: NETHACK_PATHS.playground,
      USER: "agent",
      HACKDIR: NETHACK_PATHS.hackdir,
      NETHACKOPTIONS: NETHACK_OPTIONS,
      AUTOMEM_PRELOAD: NETHACK_PATHS.faketime,
      FAKETIME: NETHACK_DATE,
      AUTOMEM_BOOT: BOOT,
      AUTOMEM_SEED_BYTES: seedBytes(seed),
      AUTOMEM_GAME_TAG: tag,
    },
  };
}

/** Why NetHack cannot run here, or undefined when it can (binaries, faketime, namespaces). */
export function nethackUnavailableReason(): string | undefined {
  for (
    const path of [
      NETHACK_PATHS.game,
      NETHACK_PATHS.faketime,
      "/usr/bin/script",
      "/usr/bin/unshare",
      "/usr/bin/setpriv",
    ]
  ) {
    try {
      Deno.statSync(path);
    } catch {
      return `${path} is missing (apt-get install nethack-console faketime util-linux)`;
    }
  }
  try {
    Deno.statSync(NETHACK_PATHS.playground);
  } catch {
    return `${NETHACK_PATHS.playground} is missing (reinstall nethack-console)`;
  }
  return undefined;
}

/** True when the current user is root (else a user namespace is needed: `unshare -rm`). */
export function isRoot(): boolean {
  return Deno.uid() === 0;
}
