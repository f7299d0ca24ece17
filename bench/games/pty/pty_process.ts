/**
 * A game under a pseudo-terminal, driven from Deno. util-linux `script` provides the pty (a
 * native npm pty needs a manual build under Deno); `setpriv --pdeathsig KILL` ties `script` to
 * this process, so a SIGKILL of automem closes the pty and the game gets SIGHUP. Output goes
 * into a {@linkcode Screen}; {@linkcode PtyProcess.settle} knows when the game has finished
 * drawing after a key: the game is blocked reading the terminal (seen in `/proc`), then an
 * invisible marker is written to the terminal behind the game's output; once the screen has
 * parsed the marker, it has parsed everything the game drew.
 *
 * @module
 */
import fs from "node:fs";
import { GameEnvError } from "../game_errors.ts";
import {
  descendantPids,
  findDescendant,
  isRunning,
  type ProcId,
  procId,
  sampleProc,
} from "./proc_probe.ts";
import { markerSequence, Screen } from "./screen.ts";

/** How to start a game under a pty. */
export interface PtySpawnOptions {
  /** Environment id for errors (`nethack`, `crawl`). */
  readonly env: string;
  /** Shell command run inside the pty (by `/bin/sh`, after the terminal size is set). */
  readonly command: string;
  /** The game process's name (`comm`), to find it below `script`. */
  readonly gameName: string;
  /** The whole environment of the child (nothing is inherited). */
  readonly vars: Readonly<Record<string, string>>;
  readonly cols?: number;
  readonly rows?: number;
  /** Extra `stty` settings for the terminal (e.g. `-icrnl` so Enter reaches the game as CR). */
  readonly stty?: string;
}

/** Bounds of one settle. */
export interface SettleOptions {
  /** The game must have read input since the last {@linkcode PtyProcess.send}. */
  readonly consumed: boolean;
  /** Give up after this long (ms); then a `game_timeout` error is thrown. */
  readonly timeoutMs: number;
}

// Blocked in read(2) on fd 0: the game waits for the next key.
const SYS_READ = 0;
const STREAK = 1;

/** A settle ends after this many timeouts even while the game keeps making progress. */
const PROGRESS_CAP = 10;

/** A running pty game: send keys, settle, read the screen, kill. */
export class PtyProcess {
  /** The emulated terminal. */
  readonly screen: Screen;
  readonly #opts: PtySpawnOptions;
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #pumps: Promise<void>;
  #stderr = "";
  #gamePid: number | undefined;
  #outputBytes = 0;
  #markerCount = 0;
  #baselineRead = 0;
  #exitCode: number | undefined;
  #closed = false;

  private constructor(opts: PtySpawnOptions) {
    this.#opts = opts;
    const cols = opts.cols ?? 80;
    const rows = opts.rows ?? 24;
    this.screen = new Screen(cols, rows);
    this.#child = new Deno.Command("setpriv", {
      args: [
        "--pdeathsig",
        "KILL",
        "script",
        "-qfec",
        `stty rows ${rows} cols ${cols} ${opts.stty ?? ""} && exec ${opts.command}`,
        "/dev/null",
      ],
      clearEnv: true,
      env: { ...opts.vars, SHELL: "/bin/sh" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#pumps = Promise.all([this.#pumpOut(), this.#pumpErr(), this.#watchExit()]).then(() => {});
  }

  /** Starts the game; call {@linkcode PtyProcess.settle} to wait for its first screen. */
  static spawn(opts: PtySpawnOptions): PtyProcess {
    return new PtyProcess(opts);
  }

  /** The `script` process id (the root of the game's process tree). */
  get pid(): number {
    return this.#child.pid;
  }

  /** The game process id, once it has been found. */
  get gamePid(): number | undefined {
    return this.#gamePid;
  }

  /** Exit code once `script` has ended, else undefined. */
  get exitCode(): number | undefined {
    return this.#exitCode;
  }

  /** Bytes the game has drawn so far. */
  get outputBytes(): number {
    return this.#outputBytes;
  }

  /** What the child wrote to stderr (for error messages). */
  get stderr(): string {
    return this.#stderr;
  }

  async #pumpOut(): Promise<void> {
    for await (const chunk of this.#child.stdout) {
      this.#outputBytes += chunk.length;
      this.screen.write(chunk);
    }
  }

  async #pumpErr(): Promise<void> {
    const dec = new TextDecoder();
    for await (const chunk of this.#child.stderr) {
      if (this.#stderr.length < 4000) this.#stderr += dec.decode(chunk);
    }
  }

  async #watchExit(): Promise<void> {
    const status = await this.#child.status;
    this.#exitCode = status.code;
  }

  /** Types `keys` into the game. */
  async send(keys: string): Promise<void> {
    if (this.#exitCode !== undefined) {
      throw new GameEnvError(this.#opts.env, "game_exited", "the game process has exited");
    }
    const pid = this.#findGame();
    this.#baselineRead = pid === undefined ? 0 : sampleProc(pid)?.rchar ?? 0;
    try {
      await this.#writer.write(new TextEncoder().encode(keys));
    } catch (e) {
      // The pty went away between the check above and the write: the game has just ended, and
      // the next settle reports that. Anything else is a real failure.
      if (!(await exitsWithin(this.#child.status, 2000))) {
        throw new GameEnvError(this.#opts.env, "game_exited", `cannot type into the game: ${e}`, {
          cause: e,
        });
      }
    }
  }

  #findGame(): number | undefined {
    if (this.#gamePid === undefined) {
      this.#gamePid = findDescendant(this.#child.pid, this.#opts.gameName);
    }
    return this.#gamePid;
  }

  /**
   * Waits until the game has drawn everything for the last keys: the game is blocked reading
   * the terminal (after reading the keys, if `consumed`) for two polls in a row; then a marker
   * is written to the terminal and awaited on the screen. Returns false when the game exited.
   */
  async settle(opts: SettleOptions): Promise<boolean> {
    // The timeout counts time without progress: a game that draws or uses CPU is slow (a loaded
    // machine), not stuck, and timing it out would turn load into failed tasks. A hard cap still
    // ends a game that spins forever.
    const cap = performance.now() + opts.timeoutMs * PROGRESS_CAP;
    let deadline = performance.now() + opts.timeoutMs;
    let progress = this.#progress();
    let streak = 0;
    while (true) {
      if (this.#exitCode !== undefined) return await this.#ended();
      const now = this.#progress();
      if (now !== progress) {
        progress = now;
        deadline = Math.min(cap, performance.now() + opts.timeoutMs);
      }
      if (performance.now() > deadline) throw this.#timeout(opts.timeoutMs);
      streak = this.#waitingForKey(opts.consumed) ? streak + 1 : 0;
      if (streak >= STREAK) {
        const marked = await this.#mark(deadline);
        if (marked) return true;
        streak = 0;
        continue;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  async #ended(): Promise<false> {
    await this.#pumps;
    await this.screen.flush();
    return false;
  }

  #timeout(ms: number): GameEnvError {
    const err = this.#stderr.trim().slice(0, 300);
    return new GameEnvError(
      this.#opts.env,
      "game_timeout",
      `no settled screen: the game made no progress for ${ms} ms${err ? ` (stderr: ${err})` : ""}`,
    );
  }

  /** Writes a marker behind the game's output and waits for the screen to parse it. */
  async #mark(deadline: number): Promise<boolean> {
    const id = `${this.#child.pid}.${++this.#markerCount}`;
    const seen = this.screen.waitMarker(id);
    try {
      // O_NOCTTY: the game's terminal must never become automem's controlling terminal.
      const fd = fs.openSync(
        `/proc/${this.#gamePid}/fd/0`,
        fs.constants.O_WRONLY | fs.constants.O_NOCTTY,
      );
      try {
        fs.writeSync(fd, markerSequence(id));
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      this.screen.dropMarker(id);
      return false;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ok = await Promise.race([
      seen.then(() => true),
      this.#child.status.then(() => false),
      new Promise<boolean>((r) =>
        timer = setTimeout(() => r(false), Math.max(1, deadline - performance.now()))
      ),
    ]);
    clearTimeout(timer);
    if (!ok) this.screen.dropMarker(id);
    return ok;
  }

  /** Output drawn and CPU used by the game so far, as one comparable token. */
  #progress(): string {
    const pid = this.#findGame();
    const cpu = pid === undefined ? 0 : sampleProc(pid)?.cpu ?? 0;
    return `${this.#outputBytes}/${cpu}`;
  }

  #waitingForKey(consumed: boolean): boolean {
    const pid = this.#findGame();
    if (pid === undefined) return false;
    const game = sampleProc(pid);
    if (game === undefined) return false;
    if (game.state !== "S" || game.syscall !== SYS_READ || game.arg0 !== "0x0") return false;
    return !consumed || game.rchar > this.#baselineRead;
  }

  /**
   * Ends the game: SIGHUP to the game (it saves or quits as on a dropped line), SIGKILL to what
   * is left after `graceMs`, then waits for every pipe to close. Safe to call twice.
   */
  async kill(graceMs = 500): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Taken before any signal: once `script` is gone its children are no longer found below it.
    const family = descendantPids(this.#child.pid).map(procId).filter((p) => p !== undefined);
    if (this.#exitCode === undefined) {
      const game = this.#findGame();
      if (game !== undefined) signal(game, "SIGHUP");
      if (!(await exitsWithin(this.#child.status, graceMs))) {
        if (game !== undefined) signal(game, "SIGKILL");
        signal(this.#child.pid, "SIGKILL");
      }
    }
    await this.close();
    await outlive(family);
  }

  /** Waits for `script` to end (it must be ending already) and releases the pipes. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#writer.close().catch(() => {});
    if (!(await exitsWithin(this.#child.status, 2000))) signal(this.#child.pid, "SIGKILL");
    await this.#child.status;
    await this.#pumps;
    this.screen.dispose();
  }
}

/** Resolves true when `status` settles within `ms`, false otherwise; leaves no timer behind. */
export async function exitsWithin(status: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      status.then(() => true),
      new Promise<boolean>((r) => timer = setTimeout(() => r(false), ms)),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Returns once no process of `family` runs any more: `script` ending does not mean the game under it has
 * (a game still saving on SIGHUP, or slowed by a loaded machine), and a caller that exits right
 * after `kill()` must not leave one behind. SIGKILL after a second; bounded at five. Processes are
 * matched by pid and start time, so a pid reused meanwhile is never signalled.
 */
async function outlive(family: readonly ProcId[]): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const left = family.filter(isRunning);
    if (left.length === 0) return;
    if (waited === 1000) { for (const p of left) signal(p.pid, "SIGKILL"); }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function signal(pid: number, sig: Deno.Signal): void {
  try {
    Deno.kill(pid, sig);
  } catch {
    // Already gone.
  }
}
