import assert from "node:assert/strict";
import type { EvalProtocol } from "../search/artifacts.ts";
import { isProtectedRun, isProtectedTaskRecord } from "./redact.ts";

const protocol = (
  flags: Record<string, unknown>,
  recorded: Record<string, unknown> = {},
): EvalProtocol => ({
  schema_version: 1,
  digest: "d",
  components: { flags },
  recorded,
});

Deno.test("runs on LoCoMo, xBench or GAIA data are protected", () => {
  assert.ok(isProtectedRun("locomo", null));
  assert.ok(isProtectedRun("LoCoMo", null));
  assert.ok(
    isProtectedRun(
      "file",
      protocol({ benchmark: "file", data_path: "/d/xbench-deepsearch/DeepSearch-2505.csv" }),
    ),
  );
  assert.ok(isProtectedRun(null, protocol({}, { infile: "xbench.csv" })));
  assert.ok(isProtectedRun(null, protocol({ benchmark: "locomo" })));
  assert.ok(!isProtectedRun("world", protocol({ benchmark: "world" })));
  assert.ok(!isProtectedRun("file", protocol({ data_path: "tasks/my_tasks.jsonl" })));
});

Deno.test("a task record is protected by its own flag or its benchmark", () => {
  assert.ok(isProtectedTaskRecord({ protected: true }));
  assert.ok(isProtectedTaskRecord({ metadata: { protected: true } }));
  assert.ok(isProtectedTaskRecord({ metadata: { benchmark: "xbench" } }));
  assert.ok(!isProtectedTaskRecord({ metadata: { benchmark: "world" } }));
  assert.ok(!isProtectedTaskRecord(null));
});
