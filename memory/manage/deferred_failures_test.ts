import assert from "node:assert/strict";
import {
  DeferredFailures,
  type FailureNote,
  MAX_DEFERRED_FAILURES,
  unitsToReview,
} from "./deferred_failures.ts";

const note = (task: string, ids: string[]): FailureNote => ({
  task_id: task,
  task_query: `query ${task}`,
  failure_context: "Task failed.",
  used_unit_ids: ids,
});

Deno.test("DeferredFailures: add queues, take empties, changed tracks both", () => {
  const q = new DeferredFailures();
  assert.equal(q.changed, false);
  q.add(note("t1", ["a"]));
  q.add(note("t2", ["b"]));
  q.add(note("t1", ["c"])); // the same task again keeps its latest note
  assert.deepEqual(q.notes.map((n) => [n.task_id, n.used_unit_ids]), [["t2", ["b"]], ["t1", [
    "c",
  ]]]);
  assert.equal(q.changed, true);
  q.markSaved();
  assert.equal(q.take().length, 2);
  assert.equal(q.notes.length, 0);
  assert.equal(q.changed, true);
});

Deno.test("DeferredFailures: never holds more than the cap, dropping the oldest", () => {
  const q = new DeferredFailures();
  for (let i = 0; i < MAX_DEFERRED_FAILURES + 3; i++) q.add(note(`t${i}`, []));
  assert.equal(q.notes.length, MAX_DEFERRED_FAILURES);
  assert.equal(q.notes[0].task_id, "t3");
});

Deno.test("unitsToReview: units used in more failures first, then first use, at most max", () => {
  const notes = [note("t1", ["a", "b", "a"]), note("t2", ["c", "b"]), note("t3", ["d", "b", "c"])];
  assert.deepEqual(unitsToReview(notes, 10), ["b", "c", "a", "d"]);
  assert.deepEqual(unitsToReview(notes, 2), ["b", "c"]);
});
