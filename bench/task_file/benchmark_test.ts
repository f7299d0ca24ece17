import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { compileSpec, type Plan } from "../../core/compiler.ts";
import { createRng } from "../../core/rng.ts";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { parseSpec } from "../../core/spec.ts";
import { TaskResultSchema } from "../benchmark_port.ts";
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createTaskFileBenchmark, taskFileBenchmark } from "./benchmark.ts";
import { dryRunBaselineScore, syntheticTaskScore } from "./dry_run.ts";

const SMOKE = new URL("../../examples/smoke_tasks.jsonl", import.meta.url);
const deps = () => ({ clock: logicalClock(), rng: createRng(1) });

const PlannedProvider = class extends CannedProvider {
  constructor(plan: Plan) {
    super({ plan });
  }
};

function plan(encode: string[]): Plan {
  const r = parseSpec({
    schema_version: "1",
    encode,
    store: "json",
    retrieve: "hybrid",
    manage: "lightweight",
  });
  if (!r.ok) throw new Error("bad spec");
  return compileSpec(r.value, { baseDir: "/tmp/unused" });
}

Deno.test("dry-run scores are synthetic, deterministic and never touch the provider", async () => {
  const b = await createTaskFileBenchmark(SMOKE.pathname, { synthetic: true });
  assert.equal(b.synthetic, true);
  assert.equal(b.tasks().length, 7);
  const run = async () => {
    const p = new PlannedProvider(plan(["tip"]));
    const out = [];
    for (const t of b.tasks()) out.push(await b.runTask(t, p, deps()));
    assert.equal(p.calls.begin.length + p.calls.end.length, 0);
    return out;
  };
  const [a, again] = [await run(), await run()];
  assert.deepEqual(a, again);
  for (const r of a) {
    assert.equal(TaskResultSchema.safeParse(r).success, true);
    assert.equal(r.judge_status, "synthetic");
    assert.equal(r.score, syntheticTaskScore(plan(["tip"]).fingerprint, r.task_id));
  }
  const other = [];
  for (const t of b.tasks()) {
    other.push((await b.runTask(t, new PlannedProvider(plan(["workflow"])), deps())).score);
  }
  assert.notDeepEqual(
    other,
    a.map((r) => r.score),
    "another architecture gets other pseudo-scores",
  );
});

Deno.test("the no-memory baseline follows the reference's modulo rule", async () => {
  const b = await createTaskFileBenchmark(SMOKE.pathname, { synthetic: true });
  const scores = [];
  for (const t of b.tasks()) scores.push((await b.runTask(t, new CannedProvider(), deps())).score);
  assert.deepEqual(scores, b.tasks().map((_, i) => dryRunBaselineScore(i)));
  assert.deepEqual(scores, [1, 0, 1, 1, 1, 1, 0]);
});

Deno.test("the dataset hash is the file's sha256 and identities are hash:row", async () => {
  const text = await Deno.readTextFile(SMOKE);
  const b = taskFileBenchmark(text, "smoke", { synthetic: true });
  const { createHash } = await import("node:crypto");
  assert.equal(b.datasetHash, createHash("sha256").update(text).digest("hex"));
  assert.deepEqual(
    b.tasks().map((t) => t.identity),
    b.tasks().map((_, i) => `${b.datasetHash}:${i}`),
  );
  assert.equal(b.tasks()[0].metadata.level_given, true);
});

Deno.test("with a model, answers are judged and endTask learns the verdict", async () => {
  const text =
    '{"id": "q1", "question": "Capital of France?", "answer": "Paris"}\n{"id": "q2", "question": "2+2?", "answer": "4"}';
  const b = taskFileBenchmark(text, "inline", { synthetic: false });
  const model = new ScriptedModel({ replies: ['{"answer": "paris"}', '{"answer": "5"}'] });
  const provider = new CannedProvider({ begin: () => ({ text: "France's capital is Paris." }) });
  const [r1, r2] = [
    await b.runTask(b.tasks()[0], provider, { ...deps(), model }),
    await b.runTask(b.tasks()[1], provider, { ...deps(), model }),
  ];
  assert.equal(r1.success, true);
  assert.equal(r1.judge_status, "rule");
  assert.equal(r2.success, false);
  assert.match(
    model.calls[0].messages[0].content,
    /France's capital is Paris\.[\s\S]*Question: Capital of France\?/,
  );
  assert.equal(provider.calls.end.length, 2);
  assert.equal(provider.calls.end[1].outcome.success, false);
  assert.ok(r1.memory_tokens > 0);
  const judge = new ScriptedModel({ replies: ['{"verdict": "correct", "reason": "ok"}'] });
  const r3 = await b.runTask(b.tasks()[1], new CannedProvider(), {
    ...deps(),
    model: new ScriptedModel({ replies: ['{"answer": "four"}'] }),
    judge,
  });
  assert.equal(r3.judge_status, "judged");
  assert.equal(r3.score, 1);
  assert.ok(r3.tokens.judge.prompt > 0);
});

Deno.test("without a model a non-synthetic task file is unjudged with an error", async () => {
  const b = taskFileBenchmark('{"question": "x", "answer": "y"}', "inline", { synthetic: false });
  const r = await b.runTask(b.tasks()[0], new CannedProvider(), deps());
  assert.equal(r.judge_status, "unjudged");
  assert.match(r.error!, /task model or in a dry run/);
});

Deno.test("missing and invalid files raise typed errors", async () => {
  await assert.rejects(
    () => createTaskFileBenchmark("/nonexistent/tasks.jsonl", { synthetic: true }),
    DataUnavailableError,
  );
  assert.throws(
    () => taskFileBenchmark('{"level": 9}', "bad.jsonl", { synthetic: true }),
    (e: unknown) => {
      return e instanceof TaskFileError && /bad\.jsonl/.test(e.message) && e.issues.length === 2;
    },
  );
});
