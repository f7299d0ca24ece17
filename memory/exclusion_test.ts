import assert from "node:assert/strict";
import type { MemoryUnit } from "../core/unit.ts";
import { makeUnit } from "../retrieval/testing/fixtures.ts";
import { fromExcludedTask } from "./exclusion.ts";

const rel = (target_id: string, relation_type: "supersedes" | "reinforces" | "similar") => ({
  target_id,
  relation_type,
  weight: 1,
  annotation: "",
});

const units = new Map<string, MemoryUnit>([
  ["a", makeUnit("a", { source_task_id: "convA/s1" })],
  ["b", makeUnit("b", { source_task_id: "convB/s1" })],
  ["m", makeUnit("m", { source_task_id: "cluster_merge", relations: [rel("a", "supersedes")] })],
  ["g", makeUnit("g", { source_task_id: "cross_task", relations: [rel("m", "reinforces")] })],
  ["s", makeUnit("s", { source_task_id: "cross_task", relations: [rel("a", "similar")] })],
  ["n", makeUnit("n", { source_task_id: "cross_task", relations: [rel("b", "reinforces")] })],
]);
const get = (id: string) => Promise.resolve(units.get(id));
const excluded = new Set(["convA/s1"]);

Deno.test("a unit merged or generalised from an excluded task's units is excluded too", async () => {
  assert.equal(await fromExcludedTask(units.get("a")!, excluded, get), true);
  assert.equal(await fromExcludedTask(units.get("m")!, excluded, get), true, "merge of a");
  assert.equal(await fromExcludedTask(units.get("g")!, excluded, get), true, "merge of a merge");
  assert.equal(await fromExcludedTask(units.get("b")!, excluded, get), false);
  assert.equal(await fromExcludedTask(units.get("n")!, excluded, get), false);
  assert.equal(await fromExcludedTask(units.get("s")!, excluded, get), false, "similar ≠ member");
});
