/**
 * Reads Linux `/proc` to tell whether a game process is waiting for a key: its state, the system
 * call it is blocked in, how many bytes it has read, and its children. Linux only; every reader
 * returns `undefined` when the process is gone.
 *
 * @module
 */

/** What one poll of `/proc/<pid>` shows. */
export interface ProcSample {
  /** One-letter state from `/proc/<pid>/stat` (`R`, `S`, `Z`, ...). */
  readonly state: string;
  /** The system call number the process is blocked in (-1 when running). */
  readonly syscall: number;
  /** The first argument of that call (the file descriptor for `read`). */
  readonly arg0: string;
  /** Total bytes read so far (`rchar` of `/proc/<pid>/io`). */
  readonly rchar: number;
  /** CPU time used so far, in clock ticks (user + system, fields 14 and 15 of `stat`). */
  readonly cpu: number;
}

function readText(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Samples read count, state and blocked syscall of `pid`, in that order. The three files are
 * read one after another, not at once: read last, the count could already include a key the
 * process took after its state and syscall were read, and a process still blocked in the read
 * that was about to return it would pass for one waiting for the NEXT key (Crawl then drew the
 * key's result after the screen was taken, and the trajectory drifted with machine load). Read
 * first, a count that includes the key proves that read is over, so a read(2) seen afterwards is
 * a new one.
 */
export function sampleProc(pid: number): ProcSample | undefined {
  const io = readText(`/proc/${pid}/io`);
  const stat = readText(`/proc/${pid}/stat`);
  const sys = readText(`/proc/${pid}/syscall`);
  if (stat === undefined || sys === undefined || io === undefined) return undefined;
  // The command name in `stat` is parenthesised and may hold spaces: the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  const parts = sys.trim().split(" ");
  const syscall = parts[0] === "running" ? -1 : Number(parts[0]);
  const m = /rchar:\s*(\d+)/.exec(io);
  // Fields after the command name start at the state (field 3): utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpu = (Number(fields[11]) || 0) + (Number(fields[12]) || 0);
  return { state, syscall, arg0: parts[1] ?? "", rchar: m ? Number(m[1]) : 0, cpu };
}

/** Direct children of `pid` (from its main thread's `children` list). */
export function childPids(pid: number): number[] {
  const text = readText(`/proc/${pid}/task/${pid}/children`);
  if (!text) return [];
  return text.trim().split(/\s+/).filter((s) => s !== "").map(Number);
}

/** The process name (`comm`) of `pid`. */
export function procName(pid: number): string | undefined {
  return readText(`/proc/${pid}/comm`)?.trim();
}

/** Finds the first descendant of `root` (breadth first, `root` included) named `name`. */
export function findDescendant(root: number, name: string): number | undefined {
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (procName(pid) === name) return pid;
    queue.push(...childPids(pid));
  }
  return undefined;
}

/** Every descendant of `root` (breadth first, `root` excluded), as it stands now. */
export function descendantPids(root: number): number[] {
  const out: number[] = [];
  const queue = childPids(root);
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...childPids(pid));
  }
  return out;
}

/** A process as identified over time: its pid and its start time (a reused pid differs). */
export interface ProcId {
  /** The process id. */
  readonly pid: number;
  /** Field 22 of `/proc/<pid>/stat`: start time after boot, in clock ticks. */
  readonly start: string;
}

/** Pid and start time of `pid`, or undefined when it is gone. */
export function procId(pid: number): ProcId | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  return start === undefined ? undefined : { pid, start };
}

/**
 * True while the process `id` names still runs: same pid and start time (not a later process
 * that reused the pid), not a zombie (a zombie has ended; only its parent's reaping is left).
 */
export function isRunning(id: ProcId): boolean {
  const stat = readText(`/proc/${id.pid}/stat`);
  if (stat === undefined) return false;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] === id.start && fields[0] !== "Z" && fields[0] !== "X";
}

/** Pids of every live process whose environment has `key` starting with `prefix` (leak checks). */
export function pidsWithEnv(key: string, prefix: string): number[] {
  const needle = new TextEncoder().encode(`\0${key}=${prefix}`);
  const out: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    let env: Uint8Array;
    try {
      env = Deno.readFileSync(`/proc/${entry.name}/environ`);
    } catch {
      continue;
    }
    // The first variable has no NUL before it: search as if it had one.
    const padded = new Uint8Array(env.length + 1);
    padded.set(env, 1);
    if (indexOfBytes(padded, needle) >= 0) out.push(Number(entry.name));
  }
  return out;
}

function indexOfBytes(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
