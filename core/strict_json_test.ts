import assert from "node:assert/strict";
import { join } from "node:path";
import {
  firstDuplicateKey,
  InputLimitError,
  readJsonDocument,
  readStreamCapped,
  readTextCapped,
  stripBom,
} from "./strict_json.ts";

Deno.test("duplicate keys are found with their path; distinct keys and keys in arrays are not", () => {
  assert.equal(firstDuplicateKey('{"a": 1, "b": {"c": 1, "c": 2}}'), "b.c");
  assert.equal(firstDuplicateKey('{"store": "json", "store": "graph"}'), "store");
  assert.equal(firstDuplicateKey('[{"a": 1}, {"a": 2}]'), null);
  assert.equal(firstDuplicateKey('{"a": "x\\"y", "b": ["a", "a"]}'), null);
});

Deno.test("a byte-order mark is stripped", () => {
  assert.deepEqual(JSON.parse(stripBom("\ufeff{}")), {});
});

Deno.test("capped reads refuse devices and oversized files without reading them", async () => {
  await assert.rejects(readTextCapped("/dev/zero", 1024), InputLimitError);
  const dir = await Deno.makeTempDir();
  const file = join(dir, "big.json");
  await Deno.writeTextFile(file, "x".repeat(2000));
  await assert.rejects(readTextCapped(file, 1024), /larger than the 1024-byte limit/);
  assert.equal((await readTextCapped(file, 4096)).length, 2000);
});

Deno.test("readJsonDocument: BOM accepted; missing file, malformed JSON and duplicate keys are issues naming the file", async () => {
  const files: Record<string, string> = {
    "bom.json": '\uFEFF{"a":1}',
    "bad.json": "{",
    "dup.json": '{"a":{"b":1,"b":2}}',
  };
  const read = (p: string) =>
    p in files ? Promise.resolve(files[p]) : Promise.reject(new Deno.errors.NotFound(p));
  assert.deepEqual(await readJsonDocument("bom.json", read), { ok: true, value: { a: 1 } });
  const codes = async (f: string) => {
    const r = await readJsonDocument(f, read);
    assert.ok(!r.ok);
    assert.ok(r.issues[0].message.includes(f), r.issues[0].message);
    return r.issues.map((i) => [i.code, i.path.join(".")]);
  };
  assert.deepEqual(await codes("missing.json"), [["io", ""]]);
  assert.deepEqual(await codes("bad.json"), [["json", ""]]);
  assert.deepEqual(await codes("dup.json"), [["duplicate_key", "a.b"]]);
});

Deno.test("a capped stream read stops pulling an endless source just past the cap", async () => {
  let pulled = 0;
  const zeros = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled += 4096;
      c.enqueue(new Uint8Array(4096));
    },
  }, { highWaterMark: 0 });
  await assert.rejects(
    readStreamCapped(zeros, 1 << 16, "standard input"),
    /standard input is larger than the 65536-byte limit/,
  );
  assert.ok(pulled <= (1 << 16) + 2 * 4096, `pulled ${pulled} bytes`);
  const small = new Blob(["{}"]).stream();
  assert.equal(await readStreamCapped(small, 1024, "stdin"), "{}");
});
