import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { denoFs, type FsPort, osError, withFsPort } from "../core/fs_port.ts";
import { RecordLog } from "./record_log.ts";
import { checkStore, repairStore } from "./store_repair.ts";

const Rec = z.object({ id: z.string(), value: z.number() });
const vec = (...v: number[]) => Float32Array.from(v);

/** Two damaged logs: `items` (records that are not memory units) with an unreadable log line, `facts` with its snapshot lost. */
async function damagedStore(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "repair_switch_" });
  const items = (await RecordLog.open({ dir, name: "items", dim: 3, schema: Rec })).log;
  await items.checkpoint([
    { record: { id: "a", value: 1 }, vector: vec(1, 0, 0) },
    { record: { id: "b", value: 2 }, vector: vec(0, 1, 0) },
  ]);
  await items.append([{ record: { id: "c", value: 3 }, vector: vec(0, 0, 1) }]);
  await Deno.writeTextFile(join(dir, "items.log.jsonl"), "{garbled\n", { append: true });
  await items.append([{ record: { id: "d", value: 4 }, vector: vec(1, 1, 0) }]);
  const facts = (await RecordLog.open({ dir, name: "facts", dim: 3, schema: Rec })).log;
  await facts.checkpoint([{ record: { id: "x", value: 9 }, vector: vec(0, 1, 1) }]);
  await facts.append([{ record: { id: "y", value: 8 }, vector: vec(1, 0, 1) }]);
  await Deno.remove(join(dir, "facts.jsonl"));
  return dir;
}

/** The records of every log, opened strictly (as the stores open them). */
async function contents(dir: string): Promise<string> {
  const out: string[] = [];
  for (const name of ["items", "facts"]) {
    const { records } = await RecordLog.open({ dir, name, dim: 3, schema: Rec });
    for (const r of records) out.push(`${name}:${JSON.stringify(r.record)}:${r.vector?.join()}`);
  }
  return out.sort().join("\n");
}

/** The real file system, counting each call; call `at` fails (and with `kill`, every later one). */
function stepPort(at: number, mode: "kill" | "ENOSPC", count = { n: 0 }): FsPort {
  const step = <A extends unknown[]>(fn: (...a: A) => Promise<void>) => (...a: A) => {
    count.n++;
    if (count.n === at || (mode === "kill" && count.n > at)) {
      return Promise.reject(osError(mode === "kill" ? "EKILLED" : "ENOSPC", String(a[0])));
    }
    return fn(...a);
  };
  return {
    mkdir: step(denoFs.mkdir),
    writeFile: step(denoFs.writeFile),
    rename: step(denoFs.rename),
    appendFile: step(denoFs.appendFile),
    link: step(denoFs.link),
    remove: step(denoFs.remove),
    // Counted as a step, but not flushed: durability is the kernel's; the order is what is tested.
    sync: step(() => Promise.resolve()),
  };
}

Deno.test("store repair killed or out of space at every step leaves the old store (still flagged, fully salvageable) or the repaired one, never a passing store with data missing", async () => {
  const ref = await damagedStore();
  const count = { n: 0 };
  await withFsPort(stepPort(Infinity, "kill", count), () => repairStore(ref));
  const expected = await contents(ref);
  assert.match(
    expected,
    /items:.*"d"/,
    "the reference repair keeps the upserts after the bad line",
  );
  assert.ok(count.n >= 10, `the repair takes ${count.n} file-system steps`);
  for (let at = 1; at <= count.n; at++) {
    for (const mode of ["kill", "ENOSPC"] as const) {
      const dir = await damagedStore();
      const where = `${mode} at step ${at} of ${count.n}`;
      await assert.rejects(withFsPort(stepPort(at, mode), () => repairStore(dir)), where);
      const report = await checkStore(dir);
      if (report.ok) {
        assert.equal(await contents(dir), expected, `${where}: the check passes, so all is there`);
      } else {
        // The damaged store is still flagged; a repair without faults salvages everything.
        await repairStore(dir);
        const after = await checkStore(dir);
        assert.equal(after.ok, true, `${where}: ${JSON.stringify(after)}`);
        assert.equal(await contents(dir), expected, `${where}: the second repair`);
      }
      await Deno.remove(dir, { recursive: true });
    }
  }
});
