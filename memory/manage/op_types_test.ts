import assert from "node:assert/strict";
import { z } from "../../core/zod.ts";
import { defineOp, skipped } from "./op_types.ts";
import { MemoryStoreDouble, opContext } from "./testing/mod.ts";

Deno.test("defineOp validates settings at bind time and names the field in the plan", async () => {
  const op = defineOp(
    "time_decay",
    z.object({ decay_rate: z.number().max(1) }),
    (_ctx, s) => Promise.resolve({ triggered: true, affected: s.decay_rate * 10 }),
  );
  const bad = op.bind({ decay_rate: 2 });
  assert.equal(bad.ok, false);
  if (!bad.ok) assert.deepEqual(bad.issues[0].path, ["op_settings", "time_decay", "decay_rate"]);
  const missing = op.bind(undefined);
  assert.ok(!missing.ok && missing.issues[0].code === "missing_field");
  const good = op.bind({ decay_rate: 0.5 });
  assert.ok(good.ok);
  if (good.ok) {
    assert.deepEqual(await good.run(opContext(new MemoryStoreDouble())), {
      triggered: true,
      affected: 5,
    });
  }
});

Deno.test("skipped() reports an op that did not run and why", () => {
  assert.deepEqual(skipped("no units"), { triggered: false, skipped_reason: "no units" });
});
