import assert from "node:assert/strict";
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";
import { xbenchEncrypt } from "./cipher.ts";
import { formatCsvRows } from "./csv_rows.ts";
import { needsData, sharedDataUrl } from "../../memory/trajectory_io/shared_data.ts";
import { loadXbench, XBENCH_COLUMNS } from "./loader.ts";

const DATA = "xbench-deepsearch";
const PINNED: Record<string, { rows: number; sha256: string }> = {
  "DeepSearch-2505.csv": {
    rows: 100,
    sha256: "4e893217f62b75c5da20a7009847875108bfc265d5f675d7ce21c1c04be4df79",
  },
  "DeepSearch-2510.csv": {
    rows: 100,
    sha256: "8bffa4662568d7dd0d83a59855123456952bc70eb0c064cacd6bc66e54ef097c",
  },
};

Deno.test("an xBench CSV decrypts in memory; a wrong canary is a row issue without plaintext", () => {
  const csv = formatCsvRows(XBENCH_COLUMNS, [
    ["7", xbenchEncrypt("谁写了这本书？", "key-a"), xbenchEncrypt("张三", "key-a"), "", "key-a"],
    ["8", xbenchEncrypt("秘密问题", "key-b"), xbenchEncrypt("秘密答案", "key-b"), "", "key-c"],
  ]);
  const r = loadXbench("\ufeff" + csv.replace("key-c", "zz"));
  assert.ok(!r.ok);
  const text = JSON.stringify(r.issues);
  assert.match(text, /row 2, field 'prompt'/);
  assert.ok(!text.includes("秘密"));
  const good = loadXbench(csv.split("\n").slice(0, 2).join("\n"));
  assert.ok(good.ok);
  assert.deepEqual([good.tasks[0].id, good.tasks[0].question, good.tasks[0].answer], [
    "7",
    "谁写了这本书？",
    "张三",
  ]);
});

Deno.test("duplicate or empty xBench ids are refused", () => {
  const enc = (s: string) => xbenchEncrypt(s, "k");
  const csv = formatCsvRows(XBENCH_COLUMNS, [
    ["1", enc("a"), enc("b"), "", "k"],
    ["1", enc("c"), enc("d"), "", "k"],
    ["", enc("e"), enc("f"), "", "k"],
  ]);
  const r = loadXbench(csv);
  assert.ok(!r.ok);
  assert.deepEqual(r.issues.map((i) => i.code).sort(), ["duplicate", "too_small"]);
});

for (const [file, pin] of Object.entries(PINNED)) {
  const rel = `${DATA}/${file}`;
  Deno.test({
    ...needsData(rel, `the real ${file} decrypts to the pinned rows`),
    fn: async () => {
      const r = loadXbench(await Deno.readTextFile(sharedDataUrl(rel)));
      assert.ok(r.ok, "every row decrypts");
      const rows = r.tasks.map((t) => ({ id: t.id, question: t.question, answer: t.answer }));
      assert.equal(rows.length, pin.rows);
      // Only the digest is compared, so a failure never prints a decrypted row.
      assert.ok(sha256Hex(canonicalJson(rows)) === pin.sha256, "decrypted rows match the pin");
    },
  });
}
