import assert from "node:assert/strict";
import { join } from "node:path";
import { createBenchmark } from "../bench/registry.ts";
import { fingerprint, parseSpec } from "../core/spec.ts";
import { CurvesReportSchema } from "../search/strategy_curves.ts";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

function arch(label: string) {
  const [encode, store, retrieve, manage] = label.split("/");
  const r = parseSpec({ schema_version: "1", encode: encode.split("+"), store, retrieve, manage });
  if (!r.ok) throw new Error(label);
  return r.value;
}

const A = "tip/json/hybrid/lightweight";
const B = "workflow/json/hybrid/lightweight";
const C = "insight/json/mmr/json_full";

async function writeJson(path: string, value: unknown) {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value));
}

/** A sweep of world seed 1 on its first two tasks, with the given landscape scores. */
async function fixture(scores: Record<string, number>) {
  const root = await Deno.makeTempDir();
  const world = await createBenchmark("world", { seed: 1 });
  const entries = Object.entries(scores).map(([label, score]) => ({
    fingerprint: fingerprint(arch(label)),
    architecture: arch(label),
    score,
    cost: 1000,
  }));
  await Deno.mkdir(join(root, "sweep"));
  await Deno.writeTextFile(
    join(root, "sweep", "landscape.jsonl"),
    entries.map((e) => JSON.stringify(e) + "\n").join(""),
  );
  await writeJson(join(root, "sweep", "sweep_summary.json"), {
    benchmark: "world",
    split: "search",
    n_tasks: 2,
    n_architectures: entries.length,
    best: entries[0],
    quantiles: {},
    marginal: {},
    seed: 1,
    dataset_hash: world.datasetHash,
    task_ids: world.tasks().slice(0, 2).map((t) => t.id),
    embedder: "wordvec-sg100-v1",
  });
  const run = async (name: string, proposer: string, labels: string[][]) => {
    const dir = join(root, name);
    await writeJson(join(dir, "eval_protocol.json"), {
      schema_version: 1,
      digest: "d",
      components: { seed: 1, dataset_hash: world.datasetHash, flags: { proposer } },
      recorded: {},
    });
    for (const [t, round] of labels.entries()) {
      for (const [k, label] of round.entries()) {
        await writeJson(join(dir, `round_${t + 1}`, `candidate_${k}`, "result.json"), {
          round: t + 1,
          candidate: k,
          config_id: `r${t + 1}_c${k}`,
          architecture: arch(label),
          source: proposer,
          status: "ok",
        });
      }
    }
    return dir;
  };
  return {
    sweep: join(root, "sweep"),
    rules: await run("rules", "rules", [[A, B], [B, C]]),
    random: await run("random", "random", [[C], [C, A]]),
  };
}

Deno.test("curves prints per-run evaluations-to-within and the per-proposer medians", async () => {
  const f = await fixture({ [A]: 0.6, [B]: 0.8, [C]: 0.7 });
  const io = captureIo();
  assert.equal(
    await runCli(["curves", "--landscape", f.sweep, f.rules, f.random], io, COMMANDS),
    0,
    io.err.join(""),
  );
  const text = io.out.join("");
  assert.match(text, /3 swept \+ 0 added, best 0\.800; within 2 % means ≥ 0\.784/);
  // A run from before --bootstrap: rules had the fixed list (round 1), random none.
  assert.match(text, /rules\s+rules\s+1\s+fixed \(2\)\s+3\s+1\s+2\s+0\s+4000\s+0\.800 of 0\.800/);
  assert.match(
    text,
    /random\s+random\s+1\s+none \(0\)\s+2\s+1\s+never\s+never\s+never\s+0\.700 of/,
  );
  assert.match(text, /rules: 0\.600 0\.800 0\.800/);
  const json = captureIo();
  const args = ["curves", "--landscape", f.sweep, f.rules, f.random, "--within", "0.15", "--json"];
  assert.equal(await runCli(args, json, COMMANDS), 0);
  const report = CurvesReportSchema.parse(JSON.parse(json.out.join("")));
  assert.deepEqual(report.runs.map((r) => r.evals_to_within), [2, 1]);
  assert.deepEqual(
    report.proposers.map((p) => [p.proposer, p.median_evals_to_within, p.median_relative_curve]),
    [["random", 1, [0.875, 0.875]], ["rules", 2, [0.75, 1, 1]]],
  );
});

Deno.test("curves scores an architecture the sweep missed on the sweep's own world tasks", async () => {
  const f = await fixture({ [A]: 0.6, [B]: 0.8 });
  const io = captureIo();
  assert.equal(
    await runCli(["curves", "--landscape", f.sweep, f.rules, "--json"], io, COMMANDS),
    0,
    io.err.join(""),
  );
  const lines = (await Deno.readTextFile(join(f.sweep, "landscape.jsonl"))).trim().split("\n");
  assert.equal(lines.length, 3);
  const added = JSON.parse(lines[2]);
  assert.equal(added.fingerprint, fingerprint(arch(C)));
  const report = CurvesReportSchema.parse(JSON.parse(io.out.join("")));
  assert.equal(report.landscapes[0].n_added, 1);
  assert.equal(report.runs[0].scores[2], added.score);
  assert.match(io.err.join(""), /scored 1\/1/);
});

Deno.test("curves --replay judges replayed strategies on the landscape's recorded scores", async () => {
  const f = await fixture({ [A]: 0.6, [B]: 0.8, [C]: 0.7 });
  const io = captureIo();
  const args = ["--landscape", f.sweep, "--replay", "rules,random", "--seeds", "1-2"];
  assert.equal(
    await runCli(["curves", ...args, "--rounds", "2", "--k", "1", "--json"], io, COMMANDS),
    0,
    io.err.join(""),
  );
  const report = CurvesReportSchema.parse(JSON.parse(io.out.join("")));
  assert.deepEqual(report.runs.map((r) => [r.proposer, r.seed, r.bootstrap, r.n_evaluations]), [
    ["rules | bootstrap random", 1, "random:1", 2],
    ["rules | bootstrap random", 2, "random:2", 2],
    ["random | bootstrap random", 1, "random:1", 2],
    ["random | bootstrap random", 2, "random:2", 2],
  ]);
  // Same seed, same random bootstrap list: round 1 is the same architecture.
  assert.equal(report.runs[0].labels[0], report.runs[2].labels[0]);
  // Nothing was scored: replays only visit the landscape's three architectures.
  assert.equal(report.landscapes[0].n_added, 0);
  assert.ok(report.runs.every((r) => r.labels.every((l) => [A, B, C].includes(l))));
});

Deno.test("curves rejects bad usage and inputs that are not runs", async () => {
  const f = await fixture({ [A]: 0.6 });
  const run = async (args: string[]) => {
    const io = captureIo();
    return [await runCli(["curves", ...args], io, COMMANDS), io.err.join("")] as const;
  };
  assert.deepEqual((await run([f.rules]))[0], 2);
  assert.match((await run([f.rules]))[1], /--landscape is required/);
  assert.match((await run(["--landscape", f.sweep, "--within", "1.5", f.rules]))[1], /\[0, 1\)/);
  assert.equal((await run(["--landscape", f.sweep]))[0], 2);
  assert.match((await run(["--landscape", f.sweep, "--replay", "greedy"]))[1], /not one of rules/);
  assert.match(
    (await run(["--landscape", f.sweep, "--replay", "rules", "--bootstrap", "all"]))[1],
    /--bootstrap: 'all'/,
  );
  const [code, err] = await run(["--landscape", f.sweep, f.sweep]);
  assert.equal(code, 1);
  assert.match(err, /not a search run: no eval_protocol\.json/);
});
