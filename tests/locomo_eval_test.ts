import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { type ArchitectureSpec, fingerprint, parseSpec } from "../core/spec.ts";
import { evaluateLocomo } from "../memory/locomo_eval.ts";
import { selectConversations } from "../memory/locomo_data.ts";
import { LOCOMO_RANK_DEPTH } from "../memory/locomo_rankings.ts";
import type { RecallBlock } from "../memory/locomo_metrics.ts";

const DATA = new URL("../../shared/data/locomo/locomo10.json", import.meta.url);
const hasData = (() => {
  try {
    return Deno.statSync(DATA).isFile;
  } catch {
    return false;
  }
})();

function spec(store: string, retrieve: string): ArchitectureSpec {
  const parsed = parseSpec({
    schema_version: "1",
    encode: ["tip", "trajectory", "shortcut"],
    store,
    retrieve,
    manage: "lightweight",
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

function assertBlock(block: RecallBlock, ks: number[]) {
  assert.deepEqual(Object.keys(block.recall), ks.map(String));
  for (let i = 0; i < ks.length; i++) {
    const r = block.recall[String(ks[i])];
    assert.ok(r >= 0 && r <= 1, `recall@${ks[i]} = ${r}`);
    if (i > 0) assert.ok(r >= block.recall[String(ks[i - 1])], "recall grows with k");
  }
  assert.ok(block.mrr >= 0 && block.mrr <= 1);
  for (const [cat, sub] of Object.entries(block.by_category)) {
    assert.match(cat, /^[1-5]$/);
    assert.deepEqual(Object.keys(sub.recall), ks.map(String));
  }
}

/** A two-session conversation in LoCoMo's file layout, written by this test. */
const FIXTURE = [{
  sample_id: "fixture-1",
  conversation: {
    speaker_a: "Ana",
    speaker_b: "Ben",
    session_1_date_time: "1:00 pm on 8 May, 2023",
    session_1: [
      { speaker: "Ana", dia_id: "D1:1", text: "I adopted a grey kitten called Pixel yesterday." },
      { speaker: "Ben", dia_id: "D1:2", text: "Congratulations! How is the new pet doing?" },
      { speaker: "Ana", dia_id: "D1:3", text: "Pixel is a Russian Blue breed, very shy." },
    ],
    session_2_date_time: "3:00 pm on 20 May, 2023",
    session_2: [
      { speaker: "Ben", dia_id: "D2:1", text: "My pottery class moved to Thursdays." },
      {
        speaker: "Ana",
        dia_id: "D2:2",
        text: "Look at this vase I glazed.",
        blip_caption: "a blue ceramic vase on a table",
      },
    ],
  },
  qa: [
    { question: "Which breed is Pixel?", answer: "Russian Blue", evidence: ["D1:3"], category: 4 },
    {
      question: "When does Ben's pottery class meet?",
      answer: "Thursdays",
      evidence: ["D2:1"],
      category: 2,
    },
    { question: "What did Ana glaze?", answer: "a vase", evidence: ["D2:2", "D9:9"], category: 1 },
    { question: "Unanswerable", answer: "x", evidence: ["bogus"], category: 5 },
  ],
}];

Deno.test("evaluateLocomo scores architecture and BM25 on a conversation fixture", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_locomo_test_" });
  try {
    const dataPath = join(dir, "locomo.json");
    await Deno.writeTextFile(dataPath, JSON.stringify(FIXTURE));
    const s = spec("json", "hybrid");
    const seen: string[] = [];
    const result = await evaluateLocomo({
      spec: s,
      dataPath,
      ks: [1, 3],
      embedder: new HashEmbedder(64),
      clock: logicalClock(),
      scratchDir: dir,
      retrieveParams: { rrf_k: 5 },
      onConversation: (c) => seen.push(`${c.sample_id}:${c.sessions}:${c.questions}`),
    });
    assert.equal(result.spec_fingerprint, fingerprint(s));
    assert.equal(result.retrieve_params.rrf_k, 5, "the run records the overridden parameter");
    assert.equal(result.retrieve_params.keyword_weight, 0.7, "and the defaults it ran with");
    assert.deepEqual(result.conversations, [1]);
    assert.equal(result.questions, 3);
    assert.equal(result.skipped_questions, 1, "a question with no resolvable evidence is skipped");
    assert.deepEqual(seen, ["fixture-1:2:3"]);
    assertBlock(result.architecture, [1, 3]);
    assertBlock(result.baseline_bm25, [1, 3]);
    assert.equal(result.baseline_bm25.turns_per_item, 1, "a BM25 hit is one turn");
    // Each fixture question shares rare words with exactly its evidence turn.
    assert.equal(result.baseline_bm25.by_category["4"].recall["1"], 1);
    assert.equal(result.baseline_bm25.by_category["2"].recall["1"], 1);
    assert.ok(result.architecture.recall["3"] > 0, "the architecture finds some evidence");
    // Budget families: BM25's context-budget recall is its R@10 by construction.
    assert.deepEqual(Object.keys(result.turn_budget.architecture.values), ["5", "10", "20"]);
    assert.equal(
      result.context_budget.baseline_bm25.values.recall,
      result.baseline_bm25.recall["3"],
      "the fixture has fewer than 10 matching turns, so BM25's budget is all its hits",
    );
    for (const fam of [result.turn_budget, result.context_budget]) {
      for (const v of Object.values(fam.architecture.values)) assert.ok(v >= 0);
    }
    assert.ok(
      result.context_budget.architecture.values.chars <=
        result.context_budget.baseline_bm25.values.chars + 1e-9,
      "the architecture never spends more characters than BM25's top 10",
    );
    assert.equal(result.rankings, undefined, "rankings only when asked for");
    const left = [...Deno.readDirSync(dir)].map((e) => e.name);
    assert.deepEqual(left, ["locomo.json"], "per-conversation memories are removed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("one fixed-depth ranking: R@k does not depend on the largest k, and rankings come back", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_locomo_test_" });
  try {
    const dataPath = join(dir, "locomo.json");
    await Deno.writeTextFile(dataPath, JSON.stringify(FIXTURE));
    const run = (ks: number[], rankings = false) =>
      evaluateLocomo({
        spec: spec("json", "hybrid"),
        dataPath,
        ks,
        rankings,
        embedder: new HashEmbedder(64),
        clock: logicalClock(),
        scratchDir: dir,
      });
    const small = await run([1]);
    const wide = await run([1, 5, 10, 50], true);
    assert.equal(small.architecture.recall["1"], wide.architecture.recall["1"]);
    assert.deepEqual(small.context_budget, wide.context_budget);
    assert.equal(wide.ranking_depth, LOCOMO_RANK_DEPTH);
    assert.equal(wide.rankings!.length, 3);
    const r = wide.rankings![0];
    assert.deepEqual(r.evidence, ["D1:3"]);
    assert.ok(r.bm25.length > 0 && r.budget_chars === r.bm25.reduce((n, h) => n + h.chars, 0));
    assert.ok(r.architecture.every((e) => e.chars > 0 && e.refs.length > 0));
    await assert.rejects(() => run([LOCOMO_RANK_DEPTH + 1]), /exceeds the ranking depth/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("conversation numbers are 1-based and range-checked", () => {
  const convs = [{}, {}, {}] as never[];
  assert.deepEqual(selectConversations(convs, undefined), [1, 2, 3]);
  assert.deepEqual(selectConversations(convs, [2, 2, 3]), [2, 3]);
  assert.throws(() => selectConversations(convs, [0]), /0 is not in 1\.\.3/);
  assert.throws(() => selectConversations(convs, [4]), /4 is not in 1\.\.3/);
  assert.throws(() => selectConversations(convs, []), /at least one/);
});

Deno.test({
  name: "LoCoMo conversation 1: architecture and BM25 recall on the real data" +
    (hasData ? "" : " (skipped: ../shared/data/locomo/locomo10.json is absent)"),
  ignore: !hasData,
  async fn() {
    const result = await evaluateLocomo({
      spec: spec("json", "hybrid"),
      dataPath: DATA,
      conversations: [1],
      ks: [1, 10],
      embedder: new HashEmbedder(384),
      clock: logicalClock(),
    });
    assert.ok(result.questions > 100, `only ${result.questions} questions scored`);
    assertBlock(result.architecture, [1, 10]);
    assertBlock(result.baseline_bm25, [1, 10]);
    // BM25 over turns is a known-good yardstick (datasets.md: R@10 0.594 over all ten).
    assert.ok(result.baseline_bm25.recall["10"] > 0.4, JSON.stringify(result.baseline_bm25.recall));
    assert.ok(result.architecture.recall["10"] > 0.1, JSON.stringify(result.architecture.recall));
  },
});

Deno.test("automem locomo prints the retriever parameters it ran with, --params included", async () => {
  const { COMMANDS } = await import("../cli/commands.ts");
  const { runCli } = await import("../cli/run_cli.ts");
  const { captureIo } = await import("../cli/testing_io.ts");
  const dir = await Deno.makeTempDir({ prefix: "automem_locomo_cli_" });
  try {
    const data = join(dir, "locomo.json");
    await Deno.writeTextFile(data, JSON.stringify(FIXTURE));
    const io = captureIo({
      env: { AUTOMEM_EMBEDDER: "hash" },
      cwd: dir,
      files: { "spec.json": JSON.stringify(spec("json", "hybrid")) },
    });
    const args = ["locomo", "--spec", "spec.json", "--data", data, "--conversations", "1"];
    args.push("--params", "rrf_k=7");
    const code = await runCli(args, io, COMMANDS);
    assert.equal(code, 0, io.err.join(""));
    const line = io.out.join("").split("\n").find((l) => l.startsWith("retriever parameters:"));
    assert.ok(line?.includes("rrf_k=7") && line.includes("keyword_weight=0.7"), line);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
