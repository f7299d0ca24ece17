import assert from "node:assert/strict";
import { join } from "node:path";
import type { Benchmark } from "../../bench/benchmark_port.ts";
import { SearchError } from "../errors.ts";
import { emptyPool } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";

function bench(protectedSecret?: string): Benchmark {
  return {
    id: "b",
    datasetHash: "h",
    synthetic: false,
    ...(protectedSecret === undefined ? {} : { protectedSecret }),
    tasks: () => [],
    runTask: () => Promise.reject(new Error("not used")),
  };
}

const POOL = {
  ...emptyPool(),
  merges: ["warmup"],
  units: [],
};

Deno.test("a protected benchmark's pools are sealed on disk, reopen exactly and work outside the run dir", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const io = await poolIo(bench("the dataset text"));
    const path = join(dir, "pool.json");
    await io.write(path, POOL);
    const text = await Deno.readTextFile(path);
    assert.ok(!text.includes("warmup"), text);
    assert.deepEqual(await io.read(path), POOL);
    const again = join(dir, "again.json");
    await (await poolIo(bench("the dataset text"))).write(again, POOL);
    assert.equal(await Deno.readTextFile(again), text, "same dataset: same bytes");
    const work = await io.workDir(join(dir, "store"));
    assert.ok(!work.path.startsWith(dir), work.path);
    await Deno.mkdir(work.path, { recursive: true });
    await work.dispose();
    await assert.rejects(Deno.stat(work.path), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a sealed pool is refused with another dataset, and plain and sealed pools are not mixed", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const sealed = join(dir, "sealed.json");
    const plain = join(dir, "plain.json");
    await (await poolIo(bench("the dataset text"))).write(sealed, POOL);
    await (await poolIo(bench())).write(plain, POOL);
    assert.deepEqual(await (await poolIo(bench())).read(plain), POOL);
    const corrupt = (e: unknown) => e instanceof SearchError && e.code === "corrupt_state";
    await assert.rejects((await poolIo(bench("another file"))).read(sealed), corrupt);
    await assert.rejects((await poolIo(bench())).read(sealed), corrupt);
    await assert.rejects((await poolIo(bench("the dataset text"))).read(plain), corrupt);
    assert.equal(await (await poolIo(bench("x"))).read(join(dir, "absent.json")), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a queue job's pool is packed sealed for a protected benchmark and as is otherwise", async () => {
  const sealed = await poolIo(bench("the dataset text"));
  const packed = await sealed.pack(POOL);
  assert.ok(!JSON.stringify(packed).includes("warmup"), JSON.stringify(packed));
  assert.deepEqual(await sealed.unpack(packed, "job x"), POOL);
  const plain = await poolIo(bench());
  assert.equal(await plain.pack(POOL), POOL);
  assert.deepEqual(await plain.unpack(POOL, "job x"), POOL);
  const corrupt = (e: unknown) =>
    e instanceof SearchError && e.code === "corrupt_state" && /job x/.test(e.message);
  await assert.rejects(plain.unpack(packed, "job x"), corrupt);
  await assert.rejects(sealed.unpack(POOL, "job x"), corrupt);
  await assert.rejects((await poolIo(bench("another file"))).unpack(packed, "job x"), corrupt);
});
