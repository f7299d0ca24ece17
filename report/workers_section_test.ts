import assert from "node:assert/strict";
import { join } from "node:path";
import { renderReport } from "./report.ts";

Deno.test("the report of a queued run says which worker ran which unit; in-process runs have no such section", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const at = "2026-01-01T00:00:00.000Z";
    const ev = (seq: number, job: string, label: string, state: string, worker: string | null) =>
      JSON.stringify({
        seq,
        at,
        run: "q",
        type: "unit_dispatch",
        state,
        job_id: job,
        kind: "architecture",
        label,
        worker,
        queue: "redis://:***@10.0.0.5:6379",
      });
    const lines = [
      ev(1, "a", "r1c0", "queued", null),
      ev(2, "b", "r1c1", "queued", null),
      ev(3, "a", "r1c0", "done", "gpu-box:1"),
      ev(4, "b", "r1c1", "done", "laptop:2"),
    ];
    await Deno.writeTextFile(join(dir, "events.jsonl"), lines.join("\n") + "\n");
    const md = (await renderReport(dir, { format: "md" })).text;
    assert.match(md, /## Workers/);
    assert.match(md, /gpu-box:1 \| 1 \| 0 \| r1c0/);
    assert.match(md, /laptop:2 \| 1 \| 0 \| r1c1/);
    assert.match(md, /10\.0\.0\.5:6379/);
    await Deno.writeTextFile(join(dir, "events.jsonl"), "");
    assert.doesNotMatch((await renderReport(dir, { format: "md" })).text, /## Workers/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
