import assert from "node:assert/strict";
import { join } from "node:path";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "../search/config.ts";
import { readEvents } from "../search/events.ts";
import { runSearch } from "../search/run_search.ts";

const INFILE = new URL("../examples/smoke_tasks.jsonl", import.meta.url).pathname;
// The reference README's dry run, flag for flag (as the CLI hands them over).
const README = {
  run_name: "evolution-smoke",
  infile: INFILE,
  max_rounds: 2,
  num_candidates: 3,
  warmup_n: 1,
  search_n: 4,
  batch_size: 2,
  validation_n: 1,
  test_n: 1,
  dry_run: true,
  no_ledger: true,
};

async function search(out: string, extra: Record<string, unknown> = {}) {
  const cfg = parseSearchConfig({ ...README, output_dir: out, ...extra });
  if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
  return await runSearch(cfg.value, { models: {}, embedder: new HashEmbedder() });
}

Deno.test("the README dry run completes, resumes as a no-op, and appends the final test", async () => {
  const out = await Deno.makeTempDir();
  const run = join(out, "evolution-smoke");
  const first = await search(out);
  assert.equal(first.status, "finished");
  assert.equal(first.synthetic, true);
  assert.equal(first.rounds, 2);
  assert.equal(first.evaluations, 7, "3 new in round 1; champion + 3 new in round 2");
  assert.equal(first.winner.test_score, null);
  assert.equal(typeof first.winner.validation_score, "number");
  const split = JSON.parse(await Deno.readTextFile(join(run, "data_split.json")));
  assert.deepEqual([
    split.profile_indices.length,
    split.optimization_indices.length,
    split.validation_indices.length,
    split.final_test_indices.length,
  ], [1, 4, 1, 1]);
  const folds = JSON.parse(await Deno.readTextFile(join(run, "search_folds.json")));
  assert.deepEqual(folds.fold_sizes, [2, 2]);
  await assert.rejects(Deno.stat(join(run, "ledger")), Deno.errors.NotFound);
  await assert.rejects(Deno.stat(join(run, "final_validation")), Deno.errors.NotFound);
  const protocol = JSON.parse(await Deno.readTextFile(join(run, "eval_protocol.json")));
  assert.equal(protocol.components.flags.mode, "dry_run");

  const events = (await readEvents(join(run, "events.jsonl"))).length;
  const pareto = await Deno.readTextFile(join(run, "pareto_front.json"));
  assert.deepEqual(await search(out, { resume: true }), first);
  assert.equal(
    (await readEvents(join(run, "events.jsonl"))).length,
    events,
    "the no-op resume writes nothing",
  );

  const withTest = await search(out, { resume: true, final_validation: true });
  assert.equal(typeof withTest.winner.test_score, "number");
  assert.equal(typeof withTest.baseline.test_score, "number");
  assert.deepEqual(withTest.winner.architecture, first.winner.architecture);
  assert.equal(await Deno.readTextFile(join(run, "pareto_front.json")), pareto);
  const result = JSON.parse(
    await Deno.readTextFile(join(run, "final_validation", "validation_result.json")),
  );
  assert.equal(result.evaluation_split, "final_test");
  assert.deepEqual(result.task_ids.length, 1);
});
