import assert from "node:assert/strict";
import type { BenchTask } from "../benchmark_port.ts";
import { parseTaskIndices, selectTasks } from "./run_tasks.ts";

const tasks: BenchTask[] = [1, 2, 4, 5].map((i) => ({
  id: `t${i}`,
  text: "",
  level: 1,
  identity: `h:${i - 1}`,
  metadata: { item_index: i },
}));

Deno.test("task indices accept single items, ranges and lists, sorted and unique", () => {
  assert.deepEqual(parseTaskIndices("5"), [5]);
  assert.deepEqual(parseTaskIndices("1-3"), [1, 2, 3]);
  assert.deepEqual(parseTaskIndices("5-8, 1,3,3"), [1, 3, 5, 6, 7, 8]);
  assert.throws(() => parseTaskIndices("0"), /not a 1-based index/);
  assert.throws(() => parseTaskIndices("4-2"), /not a 1-based index/);
  assert.throws(() => parseTaskIndices(" , "), /empty/);
});

Deno.test("selection keeps file items (filtered ones refused), then the first sample_num", () => {
  assert.deepEqual(selectTasks(tasks, [1, 5], undefined).map((t) => t.id), ["t1", "t5"]);
  assert.deepEqual(selectTasks(tasks, undefined, 2).map((t) => t.id), ["t1", "t2"]);
  assert.throws(() => selectTasks(tasks, [3], undefined), /no task at item 3/);
});
