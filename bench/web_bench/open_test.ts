import assert from "node:assert/strict";
import { join } from "node:path";
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import { offlineToolContext } from "../agent/testing/fake_tools.ts";
import { WEB_KINDS } from "./kinds.ts";
import { openWebBenchmark } from "./open.ts";
import { parquetFixture } from "../testing/parquet_fixture.ts";

const toolkit = { tools: () => [], context: offlineToolContext() };
const row = (difficulty: string, lang: string) =>
  JSON.stringify({
    question: "q",
    answer: "a",
    root_url: "https://x.test/",
    info: { difficulty_level: difficulty, lang },
  });

Deno.test("filters keep rows (and item indices); no match, bad files and missing files are typed errors", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "ww.jsonl");
    await Deno.writeTextFile(
      path,
      [row("easy", "en"), row("hard", "zh"), row("hard", "en")].join("\n"),
    );
    const b = await openWebBenchmark(WEB_KINDS.WebWalkerQA, path, {
      toolkit,
      filters: { difficulty: "hard", lang: "en" },
    });
    assert.deepEqual(b.tasks().map((t) => [t.id, t.metadata.item_index, t.level]), [[
      "ww-3",
      3,
      3,
    ]]);
    await assert.rejects(
      () => openWebBenchmark(WEB_KINDS.WebWalkerQA, path, { toolkit, filters: { lang: "fr" } }),
      TaskFileError,
    );
    await assert.rejects(
      () => openWebBenchmark(WEB_KINDS.GAIA, join(dir, "none.jsonl"), { toolkit }),
      DataUnavailableError,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("GAIA's metadata.parquet loads like its metadata.jsonl (INT64 levels, attachments)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "metadata.parquet");
    await Deno.writeFile(
      path,
      parquetFixture([
        { name: "task_id", data: ["p1", "p2"] },
        { name: "Question", data: ["How many moons has Mars?", "What does the chart show?"] },
        { name: "Level", data: [1, 3] },
        { name: "Final answer", data: ["2", "rising"] },
        { name: "file_name", data: ["", "chart.png"] },
      ]),
    );
    const b = await openWebBenchmark(WEB_KINDS.GAIA, path, { toolkit });
    assert.deepEqual(
      b.tasks().map((t) => [t.id, t.level, t.metadata.answer, t.metadata.file_name]),
      [["p1", 1, "2", ""], ["p2", 3, "rising", "chart.png"]],
    );
    assert.equal(b.webTask("p2")?.attachment, "chart.png");
    const test = join(dir, "test.parquet");
    await Deno.writeFile(
      test,
      parquetFixture([
        { name: "task_id", data: ["t1"] },
        { name: "Question", data: ["q"] },
        { name: "Level", data: [2] },
        { name: "Final answer", data: ["?"] },
        { name: "file_name", data: [""] },
      ]),
    );
    await assert.rejects(
      () => openWebBenchmark(WEB_KINDS.GAIA, test, { toolkit }),
      (e: unknown) => e instanceof TaskFileError && /test split/.test(e.message),
    );
    const broken = join(dir, "broken.parquet");
    await Deno.writeTextFile(broken, '{"not": "parquet"}');
    await assert.rejects(
      () => openWebBenchmark(WEB_KINDS.GAIA, broken, { toolkit }),
      (e: unknown) =>
        e instanceof TaskFileError && /broken\.parquet.*parquet magic/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
