/**
 * Whether a store directory can be written, found without writing to it: a store on a
 * read-only mount (or one the user may not write) is healthy but cannot be opened for writing
 * nor repaired, and must be reported as such — calling it damaged would invite a repair that
 * cannot run. Linux mount flags come from `/proc/self/mountinfo`; permissions from the mode
 * bits (root writes whatever the bits say).
 *
 * @module
 */

/** Why `dir` cannot be written, or null when it can; injectable where a test needs it. */
export type WritableProbe = (dir: string) => Promise<string | null>;

/** Octal escapes (`\040` for a space) in mountinfo paths. */
function unescapeMount(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8)));
}

/** The options of the mount holding `path` (longest mount point that contains it), if known. */
export function mountOptionsOf(
  mountinfo: string,
  path: string,
): { mountPoint: string; options: string[] } | null {
  let best: { mountPoint: string; options: string[] } | null = null;
  for (const line of mountinfo.split("\n")) {
    const fields = line.split(" ");
    if (fields.length < 6) continue;
    const mountPoint = unescapeMount(fields[4]);
    const inside = path === mountPoint ||
      path.startsWith(mountPoint.endsWith("/") ? mountPoint : `${mountPoint}/`);
    // Later lines over the same point shadow earlier ones (a bind remounted read-only).
    if (inside && (!best || mountPoint.length >= best.mountPoint.length)) {
      best = { mountPoint, options: fields[5].split(",") };
    }
  }
  return best;
}

function modeAllowsWrite(info: Deno.FileInfo): boolean {
  const uid = Deno.uid(), mode = info.mode;
  if (uid === null || mode === null || uid === 0) return true;
  if (info.uid === uid) return (mode & 0o300) === 0o300;
  if (info.gid === Deno.gid()) return (mode & 0o030) === 0o030;
  return (mode & 0o003) === 0o003;
}

/** The default {@linkcode WritableProbe}: mount flags, then permission bits. */
export const whyReadOnly: WritableProbe = async (dir) => {
  const real = await Deno.realPath(dir);
  const mountinfo = await Deno.readTextFile("/proc/self/mountinfo").catch(() => "");
  const mount = mountOptionsOf(mountinfo, real);
  if (mount?.options.includes("ro")) return `${mount.mountPoint} is mounted read-only`;
  const info = await Deno.stat(real);
  return modeAllowsWrite(info) ? null : `${real} is not writable by this user`;
};
