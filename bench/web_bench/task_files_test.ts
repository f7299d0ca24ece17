import assert from "node:assert/strict";
import { join } from "node:path";
import { readValidTaskFile, type WebTaskFile, writeTaskFile } from "./task_files.ts";

const file = (over: Partial<WebTaskFile> = {}): WebTaskFile => ({
  item_index: 3,
  task_identity: "abc:2",
  task_id: "x",
  status: "success",
  judge_unjudged: false,
  task_score: 1,
  level: 1,
  stop: "final_answer",
  result: {
    success: true,
    score: 1,
    judge_status: "rule",
    steps: 2,
    total_tokens: 10,
    latency_ms: 0,
    tokens: {},
  },
  ...over,
});

Deno.test("only judged files of the same item and identity are valid for resume", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeTaskFile(dir, file());
    assert.ok(await readValidTaskFile(dir, 3, "abc:2"));
    assert.equal(await readValidTaskFile(dir, 3, "other:2"), undefined);
    assert.equal(await readValidTaskFile(dir, 4, "abc:2"), undefined);
    await writeTaskFile(dir, file({ judge_unjudged: true, status: "error" }));
    assert.equal(await readValidTaskFile(dir, 3, "abc:2"), undefined);
    await Deno.writeTextFile(join(dir, "3.json"), JSON.stringify({ ...file(), task_score: 2 }));
    assert.equal(await readValidTaskFile(dir, 3, "abc:2"), undefined);
    await Deno.remove(join(dir, "3.json"));
    await Deno.symlink(join(dir, "elsewhere.json"), join(dir, "3.json"));
    await Deno.writeTextFile(join(dir, "elsewhere.json"), JSON.stringify(file()));
    assert.equal(await readValidTaskFile(dir, 3, "abc:2"), undefined, "symlinks are not trusted");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
