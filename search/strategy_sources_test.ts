import assert from "node:assert/strict";
import { join } from "node:path";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { fingerprint } from "../core/spec.ts";
import { SearchError } from "./errors.ts";
import {
  completeLandscape,
  type Landscape,
  loadLandscape,
  readRunVisits,
} from "./strategy_sources.ts";
import { evaluateArchitecture, runSweep } from "./sweep.ts";
import { createFakeBenchmark } from "./testing/fake_benchmark.ts";
import { fakeServices } from "./testing/fake_memory.ts";
import { spec } from "./testing/specs.ts";

async function writeJson(path: string, value: unknown) {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value));
}

/** A run directory holding only what the curves read: the protocol and candidate results. */
async function fakeRun(
  dir: string,
  proposer: string,
  rounds: (string | null)[][],
  seed = 1,
): Promise<string> {
  await writeJson(join(dir, "eval_protocol.json"), {
    schema_version: 1,
    digest: "d",
    components: { seed, dataset_hash: "h", flags: { proposer } },
    recorded: {},
  });
  for (const [t, labels] of rounds.entries()) {
    for (const [k, label] of labels.entries()) {
      const cdir = join(dir, `round_${t + 1}`, `candidate_${k}`);
      await Deno.mkdir(cdir, { recursive: true });
      if (label === null) continue; // still running: no result.json yet
      await writeJson(join(cdir, "result.json"), {
        round: t + 1,
        candidate: k,
        config_id: `r${t + 1}_c${k}`,
        architecture: spec(label),
        source: k === 0 && t > 0 ? "champion" : proposer,
        status: "ok",
      });
    }
  }
  return dir;
}

Deno.test("a run's visits are its new architectures in round/candidate order; repeats and unfinished candidates are not", async () => {
  const root = await Deno.makeTempDir();
  const run = await fakeRun(join(root, "r"), "rules", [
    ["tip/json/hybrid/lightweight", "workflow/json/hybrid/lightweight"],
    ["workflow/json/hybrid/lightweight", "tip/json/mmr/lightweight", null],
    [
      "workflow/json/hybrid/lightweight",
      "tip/json/hybrid/lightweight",
      "insight/json/mmr/json_full",
    ],
  ]);
  const v = await readRunVisits(run);
  assert.equal(v.proposer, "rules");
  assert.equal(v.seed, 1);
  assert.deepEqual(v.visits.map((x) => x.config_id), ["r1_c0", "r1_c1", "r2_c1", "r3_c2"]);
  assert.equal(v.repeats, 3);
  assert.equal(v.visits[3].fingerprint, fingerprint(spec("insight/json/mmr/json_full")));
});

Deno.test("reading a directory that is not a run, or has an unknown proposer, names the field", async () => {
  const root = await Deno.makeTempDir();
  await assert.rejects(
    () => readRunVisits(root),
    (e) =>
      e instanceof SearchError && e.details.field === "run_dir" && /eval_protocol/.test(e.message),
  );
  const bad = await fakeRun(join(root, "b"), "genetic", []);
  await assert.rejects(
    () => readRunVisits(bad),
    (e) =>
      e instanceof SearchError && e.code === "corrupt_state" &&
      e.details.field === "components.flags.proposer",
  );
  await assert.rejects(
    () => loadLandscape(root),
    (e) => e instanceof SearchError && e.details.field === "landscape",
  );
});

async function sweptLandscape(onTask?: () => void) {
  const out = await Deno.makeTempDir();
  const benchmark = createFakeBenchmark({ n: 8, onTask });
  const deps = { embedder: new HashEmbedder(64), services: fakeServices(benchmark) };
  await runSweep({ benchmark, split: "all", sample: 2, parallel: 1, seed: 5, out }, deps);
  return { out, benchmark, deps, landscape: await loadLandscape(out) };
}

Deno.test("missing architectures are scored exactly as the sweep would and appended in the given order", async () => {
  let runs = 0;
  const { out, benchmark, deps, landscape } = await sweptLandscape(() => void runs++);
  const before = await Deno.readTextFile(join(out, "landscape.jsonl"));
  runs = 0;
  const known = landscape.entries[0].architecture;
  const a = spec("insight/json/mmr/json_full");
  const b = spec("trajectory+workflow/json/hybrid/lightweight");
  const added = await completeLandscape(landscape, [b, known, a, b], {
    ...deps,
    benchmark,
    parallel: 2,
  });
  assert.equal(runs, 2 * 8, "only the two missing architectures run, each on the 8 tasks");
  assert.deepEqual(added.map((e) => e.fingerprint), [fingerprint(b), fingerprint(a)]);
  const text = await Deno.readTextFile(join(out, "landscape.jsonl"));
  assert.equal(text, before + added.map((e) => JSON.stringify(e) + "\n").join(""));
  const direct = await evaluateArchitecture(a, {
    benchmark,
    tasks: benchmark.tasks(),
    seed: 5,
    out: await Deno.makeTempDir(),
  }, deps);
  assert.deepEqual(added[1], direct);
  const reloaded = await loadLandscape(out);
  assert.equal(reloaded.entries.length, 4);
  assert.deepEqual(
    await completeLandscape(reloaded, [a, b], { ...deps, benchmark, parallel: 1 }),
    [],
  );
  await assert.rejects(() => Deno.stat(join(out, "stores")), Deno.errors.NotFound);
});

Deno.test("a landscape that cannot be extended says which recorded field is wrong", async () => {
  const { benchmark, deps, landscape } = await sweptLandscape();
  const a = [spec("insight/json/mmr/json_full")];
  const run = (l: Landscape, b = benchmark, embedder = deps.embedder) =>
    completeLandscape(l, a, { ...deps, embedder, benchmark: b, parallel: 1 });
  const field = (name: string) => (e: unknown) =>
    e instanceof SearchError && e.details.field === name;
  const old = { ...landscape, summary: { ...landscape.summary, task_ids: undefined } };
  await assert.rejects(() => run(old), field("task_ids"));
  await assert.rejects(() => run(landscape, createFakeBenchmark({ n: 9 })), field("dataset_hash"));
  await assert.rejects(() => run(landscape, benchmark, new HashEmbedder(32)), field("embedder"));
  const gone = { ...landscape, summary: { ...landscape.summary, task_ids: ["nope"] } };
  await assert.rejects(() => run(gone), field("task_ids"));
});
