import assert from "node:assert/strict";
import { join } from "node:path";
import { directoryStamp } from "./file_lock.ts";
import { SharedResource } from "./shared_resource.ts";

/** A counter kept in a file, opened (read) by each handle and reopened when another wrote. */
function counter(dir: string, opens: { n: number }) {
  const file = join(dir, "state", "count");
  return new SharedResource<{ value: number }>({
    lockPath: join(dir, ".lock"),
    open: async () => {
      opens.n++;
      const text = await Deno.readTextFile(file).catch(() => "0");
      return { value: Number(text) };
    },
    close: () => Promise.resolve(),
    stamp: () => directoryStamp(join(dir, "state")),
  });
}

Deno.test("two handles writing in turns lose no increment, and each reopens after the other wrote", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(dir, "state"));
    const file = join(dir, "state", "count");
    const opensA = { n: 0 }, opensB = { n: 0 };
    const [a, b] = [counter(dir, opensA), counter(dir, opensB)];
    const bump = (r: SharedResource<{ value: number }>) =>
      r.run(async (c) => {
        c.value++;
        await Deno.writeTextFile(file, String(c.value));
      }, true);
    const calls: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      calls.push(bump(a));
      await bump(b); // b's turns fall between a's
    }
    await Promise.all(calls);
    assert.equal(await Deno.readTextFile(file), "40");
    assert.equal(await a.run((c) => Promise.resolve(c.value), false), 40, "a reopens to see b's");
    assert.ok(opensA.n > 1 && opensB.n > 1, `${opensA.n} / ${opensB.n} opens`);
    await a.close();
    await b.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
