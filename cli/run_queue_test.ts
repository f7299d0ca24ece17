import assert from "node:assert/strict";
import { join } from "node:path";
import { sha256Hex } from "../core/canonical_json.ts";
import { logicalClock } from "../core/clock.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import { UNIT_CODE_VERSION } from "../search/queue/units.ts";
import { UnitRefusedError } from "../search/queue/run_unit.ts";
import {
  isRunTaskPayload,
  queuedTaskRunner,
  runTaskJobId,
  runTaskRunner,
  type RunTaskUnit,
} from "./run_queue.ts";

async function setup() {
  const dir = await Deno.makeTempDir({ prefix: "automem-run-queue-unit-" });
  const files = await writeFixtureTaskFiles(join(dir, "data"), "http://127.0.0.1:9/");
  const unit: RunTaskUnit = {
    kind: "run_task",
    code_version: UNIT_CODE_VERSION,
    benchmark: "GAIA",
    infile: files.gaia,
    dataset_hash: "",
    filters: {},
    limits: { maxSteps: 4, summaryInterval: 0, toolMode: "auto" },
    ingest: true,
    scorer: "official",
    task_id: "",
    seed: 42,
    max_steps: 4,
    token_budget: 1000,
    models: { task: null, judge: null, memory: null },
    offline: true,
    toolkit: { allow_private: false, fixture_port: null },
    web: { search: null, reader: "local" },
  };
  let built = 0;
  const runner = runTaskRunner({
    toolkitFor: () => {
      built++;
      return Promise.resolve({
        tools: () => [],
        context: { fetch, clock: logicalClock(), allowPrivateAddresses: false },
      });
    },
    modelsFor: () => ({}),
    web: { search: null, reader: "local" },
  });
  return { dir, unit, runner, built: () => built };
}

Deno.test("a worker refuses run tasks from another code version, malformed ones, another file hash, unknown tasks and other web tools", async () => {
  const { dir, unit, runner, built } = await setup();
  try {
    await assert.rejects(
      runner({ ...unit, code_version: "0.0.0/old" }),
      (e) => e instanceof UnitRefusedError && /code version 0\.0\.0\/old/.test(e.message),
    );
    await assert.rejects(
      runner({ ...unit, seed: "x" }),
      (e) => e instanceof UnitRefusedError && /malformed job: seed/.test(e.message),
    );
    await assert.rejects(
      runner({ ...unit, dataset_hash: "f00d".repeat(16) }),
      (e) =>
        e instanceof UnitRefusedError &&
        /file hash [0-9a-f]{12} differs from the coordinator's f00df00df00d/.test(e.message),
    );
    await assert.rejects(
      runner({ ...unit, benchmark: "NoSuch" }),
      (e) => e instanceof UnitRefusedError && /unknown benchmark NoSuch/.test(e.message),
    );
    const hash = sha256Hex(await Deno.readTextFile(unit.infile));
    await assert.rejects(
      runner({ ...unit, dataset_hash: hash, task_id: "no-such-task" }),
      (e) => e instanceof UnitRefusedError && /has no task no-such-task/.test(e.message),
    );
    await assert.rejects(
      runner({ ...unit, dataset_hash: hash, web: { search: "serper", reader: "jina" } }),
      (e) =>
        e instanceof UnitRefusedError &&
        /coordinator searches with serper and reads with jina, this worker with no provider and local/
          .test(e.message),
    );
    assert.equal(built(), 1, "the toolkit and task file are opened once per setting");
    assert.ok(isRunTaskPayload(unit) && !isRunTaskPayload({ kind: "sweep_architecture" }));
    assert.match(runTaskJobId(unit, 3), /^am-run-gaia-3-[0-9a-f]{32}$/);
    assert.notEqual(runTaskJobId(unit, 3), runTaskJobId({ ...unit, seed: 43 }, 3));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a coordinator waiting on queued run tasks stops at an interrupt; a malformed result is refused", async () => {
  const { dir, unit } = await setup();
  try {
    const task = { id: "t1", text: "", level: 1, identity: "i", metadata: { item_index: 1 } };
    const stop = new AbortController();
    const hanging = queuedTaskRunner(
      { submit: () => new Promise(() => {}) },
      () => unit,
      () => {},
      stop.signal,
    );
    const waiting = hanging(task);
    stop.abort();
    await assert.rejects(waiting, /interrupted/);
    const bad = queuedTaskRunner(
      { submit: () => Promise.resolve({ value: { nothing: 1 }, worker: "w9" }) },
      () => unit,
      () => {},
    );
    await assert.rejects(bad(task), /worker w9 returned a malformed result for 1/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
