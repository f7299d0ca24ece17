import assert from "node:assert/strict";
import { join } from "node:path";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { marginalEffects, quantiles, runSweep, SweepSummarySchema } from "./sweep.ts";
import { createFakeBenchmark } from "./testing/fake_benchmark.ts";
import { fakeServices } from "./testing/fake_memory.ts";
import { spec } from "./testing/specs.ts";
import { VerdictSchema } from "./fgmd/schemas.ts";

Deno.test("a sweep writes the landscape and a summary, and resumes by skipping known fingerprints", async () => {
  const out = await Deno.makeTempDir();
  let runs = 0;
  const benchmark = createFakeBenchmark({ n: 12, onTask: () => void runs++ });
  const deps = { embedder: new HashEmbedder(64), services: fakeServices(benchmark) };
  const opts = { benchmark, split: "all" as const, sample: 6, parallel: 2, seed: 3, out };
  const summary = await runSweep(opts, deps);
  assert.equal(runs, 6 * 12);
  const text = await Deno.readTextFile(join(out, "landscape.jsonl"));
  const lines = text.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 6);
  assert.deepEqual(Object.keys(lines[0]).sort(), [
    "architecture",
    "cost",
    "fingerprint",
    "score",
    "verdict",
  ]);
  // Each entry keeps the FGMD verdict a search would have read for it (replays use it).
  for (const l of lines) VerdictSchema.parse(l.verdict);
  assert.equal(summary.best!.score, Math.max(...lines.map((l) => l.score)));
  SweepSummarySchema.parse(JSON.parse(await Deno.readTextFile(join(out, "sweep_summary.json"))));
  // Lose the last four entries (one torn), as a killed sweep would, and resume.
  await Deno.writeTextFile(
    join(out, "landscape.jsonl"),
    text.split("\n").slice(0, 2).join("\n") + '\n{"fingerprint":"ab',
  );
  runs = 0;
  const again = await runSweep(opts, deps);
  assert.equal(runs, 4 * 12);
  assert.equal(await Deno.readTextFile(join(out, "landscape.jsonl")), text);
  assert.deepEqual(again, summary);
});

Deno.test("quantiles and marginal effects", () => {
  assert.deepEqual(quantiles([0.1, 0.2, 0.3, 0.4]), {
    min: 0.1,
    p10: 0.1,
    p25: 0.1,
    p50: 0.2,
    p75: 0.3,
    p90: 0.4,
    max: 0.4,
  });
  const e = (label: string, score: number) => ({
    fingerprint: label,
    architecture: spec(label),
    score,
    cost: 1,
  });
  const m = marginalEffects([
    e("tip/json/hybrid/lightweight", 0.2),
    e("tip+workflow/json/mmr/lightweight", 0.6),
  ]);
  assert.deepEqual(m.encode.workflow, { n: 1, mean_score: 0.6, effect: 0.2 });
  assert.deepEqual(m.encode.tip, { n: 2, mean_score: 0.4, effect: 0 });
  assert.equal(m.retrieve.mmr.effect, 0.2);
});

Deno.test("a sweep whose task model fails with an I/O fault (the benchmark swallowing it) stops, recording no score", async () => {
  const out = await Deno.makeTempDir();
  const benchmark = createFakeBenchmark({
    n: 6,
    onTask: async (task, deps) => {
      await deps.model?.chat({ messages: [{ role: "user", content: task.text }] }).catch(() => {});
    },
  });
  const full = {
    id: "full-disk",
    chat: () => Promise.reject(Object.assign(new Error("No space left"), { code: "ENOSPC" })),
  };
  const deps = {
    embedder: new HashEmbedder(64),
    services: fakeServices(benchmark),
    models: { task: full },
  };
  const opts = { benchmark, split: "all" as const, sample: 2, parallel: 1, seed: 3, out };
  await assert.rejects(runSweep(opts, deps), /ENOSPC/);
  const landscape = await Deno.readTextFile(join(out, "landscape.jsonl")).catch(() => "");
  assert.equal(landscape, "", "no architecture was scored");
});
