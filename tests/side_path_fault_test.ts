import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { denoFs, type FsPort, osError, withFsPort } from "../core/fs_port.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { ChatModel, ChatRequest, ChatResult } from "../core/ports.ts";
import { cachedModel } from "../core/response_cache.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { SearchError } from "../search/errors.ts";
import { createFakeBenchmark } from "../search/testing/fake_benchmark.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";
import { readTree } from "../search/queue/testing/mod.ts";
import { MINIMAL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

/** Answers every call with "ok". */
const healthy: ChatModel = {
  id: "healthy",
  chat<T>(_r: ChatRequest<T>): Promise<ChatResult<T>> {
    return Promise.resolve({
      text: "ok",
      usage: { promptTokens: 3, completionTokens: 1 },
      model: "healthy",
      cached: false,
    });
  },
};

// A task needs its model's answer: a failing call fails the task (as real benchmarks record it).
const bench = () =>
  createFakeBenchmark({
    n: 16,
    families: 4,
    onTask: async (task, deps) => {
      await deps.model!.chat({ messages: [{ role: "user", content: task.text }] });
    },
  });

function search(out: string, model: ChatModel, resume = false) {
  const r = parseSearchConfig({
    run_name: "run",
    output_dir: out,
    ...MINIMAL_SEARCH_FLAGS,
    max_rounds: 1,
    final_validation: true,
    resume,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return runSearchWith(
    r.value,
    { models: { task: model }, embedder: new HashEmbedder(64), clock: logicalClock() },
    fakeServices(bench()),
  );
}

/** The real file system, except that writes and appends under `where` fail with `code`. */
function faulty(code: string, where: (path: string) => boolean): FsPort {
  const fail = (path: string) => Promise.reject(osError(code, path));
  return {
    ...denoFs,
    mkdir: (path) => where(path) ? fail(path) : denoFs.mkdir(path),
    writeFile: (path, data) => where(path) ? fail(path) : denoFs.writeFile(path, data),
    appendFile: (path, data) => where(path) ? fail(path) : denoFs.appendFile(path, data),
  };
}

Deno.test("a model reply cache on a full or read-only disk is skipped with one warning and the search scores exactly as with a healthy cache", async () => {
  const ref = await Deno.makeTempDir();
  const refCache = await Deno.makeTempDir();
  const refModel = cachedModel(healthy, { dir: refCache, mode: "readwrite" });
  assert.equal((await search(ref, refModel)).status, "finished");
  const reference = await readTree(join(ref, "run"), ["events.jsonl"]);
  for (const code of ["ENOSPC", "EROFS"]) {
    const out = await Deno.makeTempDir();
    const cache = await Deno.makeTempDir();
    const warnings: string[] = [];
    const model = cachedModel(healthy, {
      dir: cache,
      mode: "readwrite",
      warn: (m) => warnings.push(m),
    });
    const summary = await withFsPort(
      faulty(code, (p) => p.startsWith(cache)),
      () => search(out, model),
    );
    assert.equal(summary.status, "finished", code);
    assert.equal(warnings.length, 1, `${code}: one warning, got ${warnings.length}`);
    assert.match(warnings[0], new RegExp(`${code}.*uncached`));
    const got = await readTree(join(out, "run"), ["events.jsonl"]);
    const differ = [...reference].filter(([k, v]) => got.get(k) !== v).map(([k]) => k);
    assert.deepEqual(differ, [], `${code}: artifacts differ from the healthy-cache run`);
  }
});

Deno.test("an event log that cannot be appended (ENOSPC) stops the search as failed, never as a result, and --resume then finishes", async () => {
  const out = await Deno.makeTempDir();
  let appends = 0;
  // The 12th append fails: mid-baseline, after the run has started.
  const port: FsPort = {
    ...denoFs,
    appendFile: (path, data) =>
      path.endsWith("events.jsonl") && ++appends === 12
        ? Promise.reject(osError("ENOSPC", path))
        : denoFs.appendFile(path, data),
  };
  const error = await withFsPort(port, () => search(out, healthy)).then(() => null, (e) => e);
  assert.ok(error instanceof SearchError, `expected a SearchError, got ${error}`);
  assert.equal(error.code, "infrastructure");
  assert.match(error.message, /ENOSPC/);
  const summary = JSON.parse(await Deno.readTextFile(join(out, "run", "summary.json")));
  assert.equal(summary.status, "failed");
  const resumed = await search(out, healthy, true);
  assert.equal(resumed.status, "finished");
});
