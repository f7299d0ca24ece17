import assert from "node:assert/strict";
import { join } from "node:path";
import { DataUnavailableError, TaskFileError } from "../errors.ts";
import { offlineToolContext } from "../agent/testing/fake_tools.ts";
import { WEB_KINDS } from "./kinds.ts";
import { openWebBenchmark } from "./open.ts";

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
