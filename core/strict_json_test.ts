import assert from "node:assert/strict";
import { join } from "node:path";
import { firstDuplicateKey, InputLimitError, readTextCapped, stripBom } from "./strict_json.ts";

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
