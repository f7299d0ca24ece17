/**
 * The compiled level-data template Crawl games start from: built once per machine by starting
 * and quitting one game in a scratch directory, then kept (`saves/db`, `saves/des`) with a
 * `.complete` mark. Concurrent builders race harmlessly: the first rename wins.
 *
 * @module
 */
import { GameEnvError } from "../game_errors.ts";
import { PtyProcess } from "../pty/pty_process.ts";
import { CRAWL_BINARY, CRAWL_INIT, crawlArgs } from "./crawl_launch.ts";

const building = new Map<string, Promise<string>>();

/** Returns `cacheDir` holding a complete template, building it first when needed. */
export function ensureCrawlTemplate(cacheDir: string, timeoutMs = 180_000): Promise<string> {
  if (isComplete(cacheDir)) return Promise.resolve(cacheDir);
  let job = building.get(cacheDir);
  if (job === undefined) {
    job = build(cacheDir, timeoutMs).finally(() => building.delete(cacheDir));
    building.set(cacheDir, job);
  }
  return job;
}

function isComplete(dir: string): boolean {
  try {
    Deno.statSync(`${dir}/.complete`);
    return true;
  } catch {
    return false;
  }
}

async function build(cacheDir: string, timeoutMs: number): Promise<string> {
  const parent = cacheDir.slice(0, cacheDir.lastIndexOf("/")) || "/";
  const scratch = await Deno.makeTempDir({ dir: parent, prefix: ".automem-crawl-build-" });
  try {
    await Deno.writeTextFile(`${scratch}/init.txt`, CRAWL_INIT);
    const pty = PtyProcess.spawn({
      env: "crawl",
      command: [CRAWL_BINARY, ...crawlArgs(scratch, 1)].join(" "),
      gameName: "crawl",
      vars: { PATH: "/usr/bin:/bin", TERM: "xterm", HOME: scratch },
    });
    try {
      if (!(await pty.settle({ consumed: false, timeoutMs }))) {
        throw new GameEnvError(
          "crawl",
          "game_exited",
          `template build failed: ${pty.stderr.trim()}`,
        );
      }
    } finally {
      await pty.kill();
    }
    for (const e of Deno.readDirSync(`${scratch}/saves`)) {
      if (e.name !== "db" && e.name !== "des") {
        await Deno.remove(`${scratch}/saves/${e.name}`, { recursive: true });
      }
    }
    for (const e of Deno.readDirSync(scratch)) {
      if (e.name !== "saves") await Deno.remove(`${scratch}/${e.name}`, { recursive: true });
    }
    await Deno.writeTextFile(`${scratch}/.complete`, "crawl 0.28 compiled level data\n");
    try {
      await Deno.rename(scratch, cacheDir);
    } catch (e) {
      if (!isComplete(cacheDir)) throw e;
    }
    return cacheDir;
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}
