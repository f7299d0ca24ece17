import assert from "node:assert/strict";
import { AutomemError, isAutomemError } from "./automem_error.ts";

Deno.test("AutomemError keeps its code and the original cause", () => {
  const root = new Error("disk said no");
  const e = new AutomemError("io_failed", "could not write state", { cause: root });
  assert.equal(e.code, "io_failed");
  assert.equal(e.cause, root);
  assert.ok(e instanceof Error);
  assert.ok(isAutomemError(e));
  assert.ok(isAutomemError(e, "io_failed"));
  assert.ok(!isAutomemError(e, "other"));
  assert.ok(!isAutomemError(root));
});

Deno.test("AutomemError without a cause has no cause property", () => {
  const e = new AutomemError("x", "y");
  assert.equal(e.cause, undefined);
  assert.ok(!("cause" in e));
});
