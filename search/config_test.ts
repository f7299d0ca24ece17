import assert from "node:assert/strict";
import { DEFAULT_DISCOVERY_THRESHOLDS, parseSearchConfig } from "./config.ts";

function ok(flags: Record<string, unknown>) {
  const r = parseSearchConfig(flags);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
function issues(flags: Record<string, unknown>) {
  const r = parseSearchConfig(flags);
  assert.equal(r.ok, false);
  return r.ok ? [] : r.issues;
}

Deno.test("config applies every reference default", () => {
  const c = ok({ run_name: "x" });
  assert.equal(c.output_dir, "runs/search");
  assert.deepEqual(
    [
      c.max_rounds,
      c.num_candidates,
      c.warmup_n,
      c.search_n,
      c.batch_size,
      c.validation_n,
      c.test_n,
    ],
    [8, 3, 19, 100, 50, 30, 15],
  );
  assert.deepEqual([c.search_batch_seed, c.random_search_seed, c.max_steps, c.token_budget], [
    42,
    123,
    40,
    8192,
  ]);
  assert.equal(c.token_cap_per_task, 30000);
  assert.equal(c.folds, 2);
  assert.equal(c.concurrency, 1);
  assert.equal(c.benchmark, "world");
  assert.equal(c.proposer, "rules");
  assert.equal(c.obs_graph_enabled, true);
  assert.deepEqual(c.discovery_thresholds, DEFAULT_DISCOVERY_THRESHOLDS.split(",").map(Number));
  assert.ok(c.parallel >= 1);
});

Deno.test("config accepts kebab-case, camelCase and string numbers", () => {
  const c = ok({
    "run-name": "x",
    maxRounds: "2",
    "num-candidates": 4,
    dryRun: true,
    infile: "t.jsonl",
  });
  assert.equal(c.run_name, "x");
  assert.equal(c.max_rounds, 2);
  assert.equal(c.num_candidates, 4);
  assert.equal(c.dry_run, true);
  assert.equal(c.benchmark, "file");
});

Deno.test("config issues name the flag they are about", () => {
  const paths = (xs: { path: (string | number)[] }[]) => xs.map((i) => i.path[0]);
  assert.deepEqual(paths(issues({ run_name: "a/b" })), ["run_name"]);
  assert.deepEqual(paths(issues({ run_name: "x", max_rounds: 0 })), ["max_rounds"]);
  assert.deepEqual(paths(issues({ run_name: "x", warmup_n: -1 })), ["warmup_n"]);
  assert.deepEqual(paths(issues({ run_name: "x", folds: 0 })), ["folds"]);
  assert.deepEqual(paths(issues({ run_name: "x", folds: 11 })), ["folds"]);
  assert.deepEqual(paths(issues({ run_name: "x", final_validation: true, test_n: 0 })), [
    "final_validation",
  ]);
  assert.deepEqual(paths(issues({ run_name: "x", concurrency: 2 })), ["concurrency"]);
  assert.equal(ok({ run_name: "x", concurrency: 2, dry_run: true, infile: "f" }).concurrency, 2);
  assert.deepEqual(paths(issues({ run_name: "x", eval_script: "r.py" })), ["eval_script"]);
  assert.deepEqual(paths(issues({ run_name: "x", benchmark: "file" })), ["infile"]);
  assert.deepEqual(paths(issues({ run_name: "x", random_search: true, proposer: "rules" })), [
    "proposer",
  ]);
  assert.deepEqual(paths(issues({ run_name: "x", proposer: "llm" })), ["proposer"]);
  assert.deepEqual(paths(issues({ run_name: "x", resume: true, force_new: true })), ["force_new"]);
  assert.deepEqual(paths(issues({ run_name: "x", discovery_thresholds: "0.5,abc" })), [
    "discovery_thresholds",
  ]);
  const unknown = issues({ run_name: "x", evo_protocol: "v2" });
  assert.equal(unknown[0].code, "unknown_flag");
  assert.match(unknown[0].message, /evo_protocol/);
  assert.deepEqual(paths(issues({})), ["run_name"]);
});

Deno.test("config picks the proposer from the models and switches", () => {
  assert.equal(ok({ run_name: "x", search_model: "gpt-x" }).proposer, "llm");
  assert.equal(
    ok({ run_name: "x", search_model: "gpt-x", dry_run: true, infile: "f" }).proposer,
    "rules",
  );
  const r = ok({ run_name: "x", random_search: true });
  assert.equal(r.proposer, "random");
  assert.equal(ok({ run_name: "x", proposer: "random" }).random_search, true);
  assert.equal(ok({ run_name: "x", no_obs_graph: true }).obs_graph_enabled, false);
});

Deno.test("config parses LoCoMo conversation ranges", () => {
  assert.deepEqual(
    ok({ run_name: "x", benchmark: "locomo", conversations: "1-3,5" }).conversations,
    [1, 2, 3, 5],
  );
  assert.equal(issues({ run_name: "x", conversations: "3-1" })[0].path[0], "conversations");
});

Deno.test("web benchmarks: any spelling, --infile required, xBench's 10/70/10/10 split by default", () => {
  const x = ok({ run_name: "x", benchmark: "xBench-DeepSearch", infile: "d.csv" });
  assert.equal(x.benchmark, "xbench-deepsearch");
  assert.deepEqual([x.warmup_n, x.search_n, x.validation_n, x.test_n], [10, 70, 10, 10]);
  assert.equal(
    ok({ run_name: "x", benchmark: "xbench", infile: "d.csv" }).benchmark,
    "xbench-deepsearch",
  );
  const sized = ok({ run_name: "x", benchmark: "xbench", infile: "d.csv", search_n: 40 });
  assert.deepEqual([sized.warmup_n, sized.search_n], [19, 40]);
  const g = ok({ run_name: "x", benchmark: "GAIA", infile: "g.jsonl" });
  assert.deepEqual([g.benchmark, g.warmup_n, g.search_n], ["gaia", 19, 100]);
  assert.deepEqual(issues({ run_name: "x", benchmark: "WebWalkerQA" }).map((i) => i.path), [[
    "infile",
  ]]);
});

Deno.test("config resolves --bootstrap per proposer and checks --bootstrap and --ablate", () => {
  assert.equal(ok({ run_name: "x" }).bootstrap, "fixed");
  assert.equal(ok({ run_name: "x", random_search: true }).bootstrap, "none");
  assert.equal(
    ok({ run_name: "x", random_search: true, bootstrap: "random:7" }).bootstrap,
    "random:7",
  );
  assert.deepEqual(ok({ run_name: "x", ablate: "surrogate,fgmd" }).ablate, ["fgmd", "surrogate"]);
  assert.deepEqual(ok({ run_name: "x" }).ablate, []);
  assert.deepEqual(issues({ run_name: "x", bootstrap: "random" }).map((i) => i.path), [[
    "bootstrap",
  ]]);
  assert.match(
    issues({ run_name: "x", ablate: "fgmd,ledger" })[0].message,
    /'ledger' is not one of/,
  );
  assert.match(
    issues({ run_name: "x", random_search: true, ablate: "fgmd" })[0].message,
    /--ablate applies to --proposer rules only/,
  );
});
