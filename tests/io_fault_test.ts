import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { denoFs, type FsPort, osError, withFsPort } from "../core/fs_port.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { SearchError } from "../search/errors.ts";
import { createFakeBenchmark } from "../search/testing/fake_benchmark.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";

const SMALL = {
  max_rounds: 2,
  num_candidates: 2,
  warmup_n: 2,
  search_n: 6,
  batch_size: 3,
  validation_n: 3,
  test_n: 3,
  parallel: 2,
  final_validation: true,
};

function search(out: string, extra: Record<string, unknown> = {}) {
  const r = parseSearchConfig({ run_name: "run", output_dir: out, ...SMALL, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return runSearchWith(
    r.value,
    { models: {}, embedder: new HashEmbedder(64), clock: logicalClock() },
    fakeServices(createFakeBenchmark({ n: 20, families: 4 })),
  );
}

async function files(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else if (e.name !== "events.jsonl") out.set(relative(root, p), await Deno.readTextFile(p));
    }
  };
  await walk(root);
  return out;
}

/** The real file system, except that writes of files matching `where` fail with `code`. */
function faulty(code: string, where: RegExp): FsPort {
  return {
    ...denoFs,
    writeFile: (path, data) =>
      where.test(path) ? Promise.reject(osError(code, path)) : denoFs.writeFile(path, data),
  };
}

Deno.test("disk faults (ENOSPC, EROFS, EIO, EACCES) abort the run uncommitted and --resume then matches an uninterrupted run", async () => {
  const ref = await Deno.makeTempDir();
  assert.equal((await search(ref)).status, "finished");
  const reference = await files(join(ref, "run"));
  const cases: [string, RegExp, string][] = [
    ["ENOSPC", /round_1\/candidate_1\/tasks\//, "round_1/candidate_1/result.json"],
    ["EROFS", /baseline\/tasks\/.*fake-00[5-9]/, "baseline/baseline_done.json"],
    ["EIO", /round_2\/candidate_0\/result\.json/, "round_2/round_done.json"],
    ["EACCES", /final_runoff\/.*contender/, "final_runoff/runoff_result.json"],
  ];
  for (const [code, where, uncommitted] of cases) {
    const out = await Deno.makeTempDir();
    const error = await withFsPort(faulty(code, where), () => search(out)).then(
      () => null,
      (e) => e,
    );
    assert.ok(error instanceof SearchError, `${code}: expected a SearchError, got ${error}`);
    assert.equal(error.code, "infrastructure", `${code}: ${error.message}`);
    assert.match(error.message, new RegExp(code));
    const partial = await files(join(out, "run"));
    assert.equal(JSON.parse(partial.get("summary.json")!).status, "failed");
    assert.ok(!partial.has(uncommitted), `${code}: ${uncommitted} must not be committed`);
    for (const [k, v] of partial) {
      if (k.includes("result.json")) assert.ok(!v.includes(code), `${code} recorded in ${k}`);
    }
    assert.equal((await search(out, { resume: true })).status, "finished");
    const resumed = await files(join(out, "run"));
    const differ = [...reference].filter(([k, v]) => resumed.get(k) !== v).map(([k]) => k);
    assert.deepEqual(differ, [], `${code}: resumed artifacts differ`);
  }
});
