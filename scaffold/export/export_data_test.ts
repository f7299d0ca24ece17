import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { ScaffoldSpecSchema } from "../spec.ts";
import { v0Scaffold } from "../v0.ts";
import { exportData, trainingSeeds } from "./export_data.ts";
import { validityProblems } from "./postprocess.ts";

const consulting = () =>
  ScaffoldSpecSchema.parse({ ...v0Scaffold("tiny"), consult_before_write: true });

Deno.test("rule-selected export writes ShareGPT, OpenAI JSONL, decisions and stats that pass every check", async () => {
  const out = await Deno.makeTempDir();
  try {
    const stats = await exportData({
      spec: consulting(),
      seeds: [1000, 1001],
      maxSteps: 40,
      outDir: out,
      selector: "rules",
      persistMemory: false,
    });
    assert.equal(stats.episodes, 2);
    assert.ok(stats.exported.log > 0 && stats.exported.plan > 0, JSON.stringify(stats));
    assert.ok(stats.accepted.log < stats.candidates.log);
    const share = JSON.parse(await Deno.readTextFile(`${out}/sharegpt.json`));
    const lines = (await Deno.readTextFile(`${out}/openai.jsonl`)).trim().split("\n").map((l) =>
      JSON.parse(l)
    );
    assert.equal(share.length, lines.length);
    assert.equal(share.length, stats.exported.log + stats.exported.plan);
    for (const [i, s] of share.entries()) {
      assert.deepEqual(s.conversations, lines[i].messages);
      assert.deepEqual(
        validityProblems({ phase: "log", episode: 0, step: 0, messages: s.conversations }),
        [],
      );
    }
    const decisions = (await Deno.readTextFile(`${out}/review_decisions.jsonl`)).trim().split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(decisions.length, stats.candidates.log + stats.candidates.plan);
    assert.ok(
      decisions.some((d) => d.reason === "write without a prior read of the file") === false,
    );
    const info = JSON.parse(await Deno.readTextFile(`${out}/dataset_info.json`));
    assert.equal(info.automem_memory.formatting, "sharegpt");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("JUDGE selection records the model's decisions; without a judge model it refuses", async () => {
  const out = await Deno.makeTempDir();
  try {
    let n = 0;
    const judge = new ScriptedModel({
      rules: [() => JSON.stringify({ decision: n++ % 2 ? "accept" : "reject", reason: `r${n}` })],
    });
    const stats = await exportData({
      spec: consulting(),
      seeds: [1002],
      maxSteps: 10,
      outDir: out,
      selector: "judge",
      judge,
      persistMemory: false,
    });
    assert.equal(judge.calls.length, stats.candidates.log + stats.candidates.plan);
    assert.equal(stats.accepted.log + stats.accepted.plan, Math.floor(judge.calls.length / 2));
    await assert.rejects(
      () =>
        exportData({
          spec: consulting(),
          seeds: [1],
          maxSteps: 5,
          outDir: out,
          selector: "judge",
          persistMemory: false,
        }),
      /JUDGE-role model/,
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("training seeds are seeded, distinct and avoid the evaluation seeds", () => {
  const a = trainingSeeds(20, [42]);
  assert.deepEqual(a, trainingSeeds(20, [42]));
  assert.equal(new Set(a).size, 20);
  assert.ok(a.every((s) => s >= 1000 && s < 100000 && s !== 42));
});
