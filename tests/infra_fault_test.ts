import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { createOpenAIChatModel } from "../core/openai_adapter.ts";
import { type ChatModel, type ChatRequest, type ChatResult, ModelError } from "../core/ports.ts";
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

function config(out: string, extra: Record<string, unknown> = {}) {
  const r = parseSearchConfig({ run_name: "run", output_dir: out, ...SMALL, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

// Like real benchmarks, the fake one swallows a failing model call into the task result.
const bench = () =>
  createFakeBenchmark({
    n: 20,
    families: 4,
    onTask: async (task, deps) => {
      await deps.model?.chat({ messages: [{ role: "user", content: task.text }] }).catch(() => {});
    },
  });

const search = (out: string, model: ChatModel, extra: Record<string, unknown> = {}) =>
  runSearchWith(
    config(out, extra),
    { models: { task: model }, embedder: new HashEmbedder(64), clock: logicalClock() },
    fakeServices(bench()),
  );

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

function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("a search whose model endpoint is a closed port fails naming the redacted endpoint and scores nothing", async () => {
  const out = await Deno.makeTempDir();
  const port = closedPort();
  const model = createOpenAIChatModel({
    baseURL: `http://alice:pw-SECRET1@127.0.0.1:${port}/v1?api-key=SECRET2`,
    apiKey: "sk-SECRET3",
    model: "m",
    maxRetries: 1,
    sleep: () => Promise.resolve(),
  });
  const error = await search(out, model).then(() => null, (e) => e);
  assert.ok(error instanceof SearchError, `expected a SearchError, got ${error}`);
  assert.equal(error.code, "infrastructure");
  assert.equal(error.exitCode, 1);
  assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.match(error.message, /task model/);
  const all = await files(join(out, "run"));
  const summary = JSON.parse(all.get("summary.json")!);
  assert.equal(summary.status, "failed");
  assert.equal([...all.keys()].filter((k) => k.includes("tasks/")).length, 0, "no task scored");
  const events = await Deno.readTextFile(join(out, "run", "events.jsonl"));
  for (const text of [error.message, events, ...all.values()]) {
    assert.ok(!/SECRET/.test(text), `a secret leaked: ${text.slice(0, 300)}`);
  }
});

/** Answers every call unless `down` is set, when it fails like an unreachable endpoint. */
class Switchable implements ChatModel {
  readonly id = "switchable";
  down = false;
  calls = 0;
  failAfter = Infinity;
  chat<T>(_r: ChatRequest<T>): Promise<ChatResult<T>> {
    if (++this.calls > this.failAfter) this.down = true;
    if (this.down) {
      return Promise.reject(new ModelError("network", "chat at http://127.0.0.1:9/v1 failed"));
    }
    return Promise.resolve({
      text: "ok",
      usage: { promptTokens: 3, completionTokens: 1 },
      model: this.id,
      cached: false,
    });
  }
}

Deno.test("after an endpoint outage, --resume redoes only the failed work and matches an uninterrupted run", async () => {
  const ref = await Deno.makeTempDir();
  assert.equal((await search(ref, new Switchable())).status, "finished");
  const reference = await files(join(ref, "run"));
  for (const failAfter of [5, 40]) {
    const out = await Deno.makeTempDir();
    const flaky = new Switchable();
    flaky.failAfter = failAfter;
    await assert.rejects(
      search(out, flaky),
      (e) => e instanceof SearchError && e.code === "infrastructure",
    );
    const healthy = new Switchable();
    assert.equal((await search(out, healthy, { resume: true })).status, "finished");
    const resumed = await files(join(out, "run"));
    assert.deepEqual([...resumed.keys()].sort(), [...reference.keys()].sort());
    const differ = [...reference].filter(([k, v]) => resumed.get(k) !== v).map(([k]) => k);
    assert.deepEqual(differ, [], `files differ (fail after ${failAfter})`);
  }
});
