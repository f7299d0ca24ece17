import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { compileSpec } from "../../core/compiler.ts";
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { createRng } from "../../core/rng.ts";
import { type MemoryUnit, MemoryUnitSchema } from "../../core/unit.ts";
import { openMemory } from "../../memory/open_memory.ts";
import { shownText } from "../../memory/runtime/unit_format.ts";
import { idGenerator } from "../../search/deps.ts";
import { TaskResultSchema } from "../benchmark_port.ts";
import { DataUnavailableError } from "../errors.ts";
import { createBenchmark } from "../registry.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createReflexionHotpotBenchmark, HOTPOT_RANK_DEPTH } from "./benchmark.ts";
import { DEFAULT_HOTPOT_PATH } from "./default_path.ts";
import { writeHotpotFixture as fixture } from "../testing/hotpot_log.ts";

const deps = () => ({ clock: logicalClock(), rng: createRng(1) });

function unit(text: string, source: string): MemoryUnit {
  return MemoryUnitSchema.parse({
    id: `u-${source}-${text.length}`,
    type: "tip",
    signature: "0123456789abcdef",
    content: { principle: text },
    source_task_id: source,
    task_outcome: "",
    source_refs: [],
    created_at: "2026-01-01T00:00:00.000Z",
  });
}

Deno.test("tasks are the questions failed at trial 1, checked at each later attempt", async () => {
  const b = await createReflexionHotpotBenchmark({
    dataPath: await fixture(),
    questions: [1, 2, 3],
  });
  assert.deepEqual(b.skipped, { solvedFirst: 1, yesNo: 0, singleTrial: 0 });
  const byText = new Map(b.tasks().map((t) => [t.text, t]));
  assert.deepEqual(byText.get("Which band did Ann Lee join?")?.metadata.checks, [2]);
  assert.deepEqual(byText.get("Who founded X Corp?")?.metadata.checks, [2, 3]);
  assert.equal(byText.get("Who founded X Corp?")?.level, 3);
  assert.equal(byText.get("Which band did Ann Lee join?")?.level, 1);
});

Deno.test("scoring: memory holds earlier trials without the gold answer; a check counts the budgets that hold it", async () => {
  const b = await createReflexionHotpotBenchmark({
    dataPath: await fixture(),
    questions: [1, 2, 3],
  });
  const ann = b.tasks().find((t) => t.text.startsWith("Which band"))!;
  const corp = b.tasks().find((t) => t.text.startsWith("Who founded"))!;
  const overhead = shownText(unit("x", "x")).length - 1;
  const filler = unit("f".repeat(600 - overhead), "filler");
  assert.equal(shownText(filler).length, 600);
  const provider = new CannedProvider({
    search: (query, _k, exclude) => {
      if (query.startsWith("Which band")) {
        return [{ unit: unit("She joined Blue Rain.", "a"), score: 1 }];
      }
      // B's trial-2 check (trial-2 attempts excluded) finds nothing useful; at trial 3 a
      // 600-character filler ranks first, so Jane Roe fits at 1,000 and 2,000 but not at 500.
      if (exclude.length > 0) return [{ unit: unit("X Corp: No Results", "b"), score: 1 }];
      return [{ unit: filler, score: 2 }, { unit: unit("Jane Roe founded X Corp", "b"), score: 1 }];
    },
  });
  const a = await b.runTask(ann, provider, deps());
  assert.equal(TaskResultSchema.safeParse(a).success, true);
  assert.equal(a.score, 1);
  assert.equal(a.success, true);
  const c = await b.runTask(corp, provider, deps());
  // Trial 2: 0 of 3 budgets; trial 3: 2 of 3.
  assert.equal(c.score, (0 + 2 / 3) / 2);
  assert.equal(c.success, false);
  assert.equal(c.metrics?.checks, 2);
  assert.equal(c.metrics?.answer_in_context_500, 0);
  assert.equal(c.metrics?.answer_in_context_2000, 0.5);
  // The timeline was taken in once, trial by trial, up to each question's first success; trial 3
  // (the last check) is never taken in.
  const ends = provider.calls.end.map((e) => e.task.id.replace(/^hotpotqa\/hq-[0-9a-f]+\//, ""));
  assert.deepEqual(ends, ["trial-1", "trial-1", "trial-1", "trial-2", "trial-2"]);
  for (const e of provider.calls.end) {
    assert.equal(e.outcome.expected, undefined);
    assert.equal(JSON.stringify(e.outcome).includes("Jane Roe"), false);
  }
  const wrong = provider.calls.end.find((e) => e.outcome.answer === "Red Sky");
  assert.match(wrong?.outcome.failure_reason ?? "", /INCORRECT: the agent answered 'Red Sky'/);
  // Each check queries the question; trial 2 keeps out every trial-2 attempt.
  const searches = provider.calls.search;
  assert.equal(searches.length, 3);
  assert.equal(searches[0].k, HOTPOT_RANK_DEPTH);
  assert.equal(searches[0].exclude.length, 2);
  assert.ok(searches[0].exclude.every((id) => id.endsWith("/trial-2")));
  assert.deepEqual(searches[2].exclude, []);
});

Deno.test("a real architecture scores the fixture, and the same run gives the same bytes", async () => {
  const path = await fixture();
  async function once(): Promise<string> {
    const b = await createBenchmark("reflexion-hotpotqa", {
      dataPath: path,
      conversations: [1, 2, 3],
    });
    const embedder = new HashEmbedder(64);
    const plan = compileSpec(
      {
        schema_version: "1",
        encode: ["trajectory"],
        store: "json",
        retrieve: "hybrid",
        manage: "lightweight",
      },
      { baseDir: await Deno.makeTempDir(), embeddingDim: embedder.dim },
    );
    const clock = logicalClock();
    const provider = await openMemory(plan, { embedder, clock, newId: idGenerator("t") });
    const out = [];
    for (const t of b.tasks()) {
      out.push({ text: t.text, ...await b.runTask(t, provider, { clock, rng: createRng(1) }) });
    }
    await provider.close();
    return JSON.stringify(out.map((r) => ({ ...r, latency_ms: 0 })));
  }
  const first = await once();
  assert.equal(await once(), first);
  const results = JSON.parse(first) as { task_id: string; score: number; error?: string }[];

  assert.ok(results.every((r) => r.error === undefined), first);
  assert.ok(results.every((r) => r.score >= 0 && r.score <= 1));
});

Deno.test("an absent log raises DataUnavailableError; a bad question number names the field", async () => {
  await assert.rejects(
    () => createReflexionHotpotBenchmark({ dataPath: "/nonexistent/hotpot.txt" }),
    DataUnavailableError,
  );
  await assert.rejects(
    async () => createReflexionHotpotBenchmark({ dataPath: await fixture(), questions: [4] }),
    /question 4 is not in 1\.\.3/,
  );
});

const DATA = new URL(`../../${DEFAULT_HOTPOT_PATH}`, import.meta.url);
const available = (() => {
  try {
    return Deno.statSync(DATA).isFile;
  } catch {
    return false;
  }
})();

Deno.test({
  name:
    `the search half (1-50) and the held-out half (51-100) share no task (skipped without ${DEFAULT_HOTPOT_PATH})`,
  ignore: !available,
  fn: async () => {
    const search = await createReflexionHotpotBenchmark({ dataPath: DATA.pathname });
    const held = await createReflexionHotpotBenchmark({
      dataPath: DATA.pathname,
      questions: Array.from({ length: 50 }, (_, i) => i + 51),
    });
    const ids = new Set(search.tasks().map((t) => t.id));
    assert.ok(search.tasks().length >= 30 && held.tasks().length >= 25);
    assert.equal(held.tasks().filter((t) => ids.has(t.id)).length, 0);
    assert.notEqual(search.datasetHash, held.datasetHash);
    const s = search.skipped;
    const h = held.skipped;
    const total = search.tasks().length + held.tasks().length + s.solvedFirst + s.yesNo +
      s.singleTrial + h.solvedFirst + h.yesNo + h.singleTrial;
    assert.equal(total, 100);
  },
});
