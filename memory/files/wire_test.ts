import assert from "node:assert/strict";
import { MemoryFs } from "./memory_fs.ts";
import { extractAction, hasDone, MEMORY_OPS, parseOps, READ_OPS, runOps } from "./wire.ts";

Deno.test("lenient tags and terminators parse; arguments split on the first '|' only", () => {
  const text = "<|APPEND|>log.txt|a | b<|END|> <APPEND|>log.txt|c<END> <|SEARCH>log.txt|b<|END|}";
  const ops = parseOps(text, MEMORY_OPS);
  assert.deepEqual(ops.map((o) => [o.op, o.file, o.arg]), [
    ["SEARCH", "log.txt", "b"],
    ["APPEND", "log.txt", "a | b"],
    ["APPEND", "log.txt", "c"],
  ]);
});

Deno.test("ops run grouped by type: a search written after an append still runs first", () => {
  const fs = new MemoryFs({ "m.txt": "" });
  const results = runOps(
    fs,
    parseOps("<|APPEND|>m.txt|door<|END|><|SEARCH|>m.txt|door<|END|>", MEMORY_OPS),
  );
  assert.equal(results[0].op, "SEARCH");
  assert.equal(results[0].result, "[FILE IS EMPTY — no matches]");
  assert.equal(results[0].echo, "── SEARCH m.txt for 'door' ──\n[FILE IS EMPTY — no matches]");
  assert.equal(results[1].echo, "── APPEND to m.txt ──\n[Appended to m.txt]");
});

Deno.test("invalid ops are ignored: empty names, empty keywords, non-integer TAIL, disabled ops", () => {
  const text =
    "<|READ|><|END|><|SEARCH|>a.txt|<|END|><|TAIL|>a.txt|x<|END|><|WRITE|>a.txt|z<|END|>";
  assert.deepEqual(parseOps(text, READ_OPS), []);
  assert.equal(parseOps("<|TAIL|>a.txt|3<|END|>", READ_OPS).length, 1);
});

Deno.test("keyed UPSERT and the seed's UPSERT_MAP replace the line of their key", () => {
  const fs = new MemoryFs();
  runOps(fs, parseOps("<|UPSERT|>facts.txt|door: locked<|END|>", MEMORY_OPS));
  runOps(fs, parseOps("<|UPSERT|>facts.txt|door: open<|END|>", MEMORY_OPS));
  assert.equal(fs.content("facts.txt"), "door: open\n");
  const [r] = runOps(fs, parseOps("<|UPSERT_MAP|>(4, 5)|floor<|END|>", MEMORY_OPS));
  assert.equal(r.result, "[Updated map entry for (4,5)]");
  runOps(fs, parseOps("<|UPSERT_MAP|>4,5|stairs<|END|>", MEMORY_OPS));
  assert.equal(fs.content("dungeon_map.txt"), "(4,5): stairs\n");
  assert.deepEqual(parseOps("<|UPSERT|>f.txt|no key here<|END|>", MEMORY_OPS), []);
});

Deno.test("ACTION extraction tries the tag, the XML form, then a short ACTION: line", () => {
  assert.equal(extractAction("think <|ACTION|> north <|END|>"), "north");
  assert.equal(extractAction("<ACTION>search</ACTION>"), "search");
  assert.equal(extractAction("ok\nACTION: down\n"), "down");
  assert.equal(extractAction(`ACTION: ${"x".repeat(41)}`), undefined);
  assert.equal(extractAction(`<|ACTION|>${"y".repeat(60)}<|END|>\nACTION: west`), "west");
  assert.equal(extractAction("nothing"), undefined);
  assert.ok(hasDone("<|DONE|>") && hasDone("<DONE>") && !hasDone("DONE"));
});
