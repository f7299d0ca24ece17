import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../../core/clock.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { parseSearchConfig } from "../config.ts";
import { runSearchWith } from "../engine.ts";
import { runSweep } from "../sweep.ts";
import { createFakeBenchmark } from "../testing/fake_benchmark.ts";
import { fakeServices } from "../testing/fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "../testing/small_search.ts";
import { spec } from "../testing/specs.ts";
import { queueExecutor, sweepQueueExecutor, type UnitQueue } from "./executor.ts";
import { runUnit, UnitRefusedError, type WorkerEnv } from "./run_unit.ts";
import { readTree, treeDiff } from "./testing/mod.ts";
import { UNIT_CODE_VERSION } from "./units.ts";

const bench = () => createFakeBenchmark({ n: 24, families: 5, baseRate: 0.3 });
const NO_MODELS = { task: null, judge: null, memory: null };

function workerEnv(scratch: string): WorkerEnv {
  return {
    services: fakeServices(bench()),
    embedder: new HashEmbedder(),
    modelsFor: () => ({}),
    scratch,
  };
}

/** A queue that runs each job in this process after a JSON round trip, as Redis would carry it. */
function loopback(scratch: string, seen: string[]): UnitQueue {
  return {
    async submit(id, data) {
      seen.push(id);
      const value = await runUnit(JSON.parse(JSON.stringify(data)), workerEnv(scratch));
      return { value: JSON.parse(JSON.stringify(value)), worker: "loopback" };
    },
  };
}

Deno.test("a search whose units run as serialised jobs writes the in-process run's artifacts byte for byte", async () => {
  const out = await Deno.makeTempDir();
  try {
    const run = async (name: string, executor?: ReturnType<typeof queueExecutor>) => {
      const cfg = parseSearchConfig({
        run_name: name,
        output_dir: out,
        ...SMALL_SEARCH_FLAGS,
        max_rounds: 2,
        final_validation: true,
      });
      if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
      return await runSearchWith(cfg.value, {
        models: {},
        embedder: new HashEmbedder(),
        clock: logicalClock(),
        executor,
      }, fakeServices(bench()));
    };
    const seen: string[] = [];
    await run("local");
    const summary = await run(
      "queued",
      queueExecutor({ queue: loopback(out, seen), models: NO_MODELS }),
    );
    assert.equal(summary.status, "finished");
    const a = await readTree(join(out, "local"), ["events.jsonl"]);
    const b = await readTree(join(out, "queued"), ["events.jsonl"]);
    assert.deepEqual(treeDiff(a, b), []);
    assert.ok(a.size > 20, "the run wrote its artifacts");
    assert.ok(seen.some((id) => id.includes("-r1c1-")), "round candidates went through the queue");
    assert.ok(
      seen.some((id) => id.includes("-baseline-")),
      "baseline tasks went through the queue",
    );
    assert.equal(new Set(seen).size, seen.length, "every unit has its own job id");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("a sweep whose architectures run as serialised jobs writes the in-process sweep's files", async () => {
  const out = await Deno.makeTempDir();
  try {
    const b = bench();
    const opts = (dir: string) => ({
      benchmark: b,
      split: "all" as const,
      sample: 4,
      parallel: 2,
      seed: 7,
      out: join(out, dir),
    });
    const deps = { embedder: new HashEmbedder(), services: fakeServices(b) };
    await runSweep(opts("local"), deps);
    await runSweep(opts("queued"), {
      ...deps,
      executor: sweepQueueExecutor({
        queue: loopback(out, []),
        models: NO_MODELS,
        benchmark: { name: "fake", options: {}, dataset_hash: b.datasetHash },
        embedder: deps.embedder,
      }),
    });
    const diff = treeDiff(await readTree(join(out, "local")), await readTree(join(out, "queued")));
    assert.deepEqual(diff, []);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("a worker refuses units from another code version, embedder or data set, saying which", async () => {
  const scratch = await Deno.makeTempDir();
  try {
    const b = bench();
    const unit = {
      kind: "sweep_architecture",
      code_version: UNIT_CODE_VERSION,
      benchmark: { name: "fake", options: {}, dataset_hash: b.datasetHash },
      embedder: new HashEmbedder().id,
      models: NO_MODELS,
      token_budget: null,
      dry_run: false,
      prices: {},
      spec: spec("insight/json/mmr/json_full"),
      task_ids: [b.tasks()[0].id],
      sweep_seed: 1,
    };
    const refused = async (payload: unknown, pattern: RegExp) => {
      await assert.rejects(runUnit(payload, workerEnv(scratch)), (e: unknown) => {
        assert.ok(e instanceof UnitRefusedError, String(e));
        assert.match(e.message, pattern);
        return true;
      });
    };
    await refused({ ...unit, code_version: "0.0.1/old" }, /code version 0\.0\.1\/old/);
    await refused({ ...unit, embedder: "other-embedder" }, /embedder other-embedder/);
    await refused(
      { ...unit, benchmark: { ...unit.benchmark, dataset_hash: "f".repeat(64) } },
      /dataset hash .* differs/,
    );
    await refused({ kind: "architecture", code_version: UNIT_CODE_VERSION }, /malformed job/);
    await refused({ kind: "architecture" }, /code version undefined/);
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
