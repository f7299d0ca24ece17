import assert from "node:assert/strict";
import { ScriptedModel } from "./scripted_model.ts";
import {
  FaultTracker,
  guardMethods,
  guardModel,
  InfrastructureError,
  isEndpointFault,
  isIoFault,
} from "./infra_fault.ts";
import { AutomemError } from "./automem_error.ts";
import { ModelError } from "./ports.ts";

Deno.test("endpoint faults are network, timeout, auth, rate-limit and 5xx errors; bad replies are not", () => {
  assert.ok(isEndpointFault(new ModelError("network", "x")));
  assert.ok(isEndpointFault(new ModelError("timeout", "x")));
  assert.ok(isEndpointFault(new ModelError("http", "x", 401)));
  assert.ok(isEndpointFault(new ModelError("http", "x", 503)));
  assert.ok(!isEndpointFault(new ModelError("http", "x", 400)));
  assert.ok(!isEndpointFault(new ModelError("invalid_json", "x")));
  assert.ok(!isEndpointFault(new Error("x")));
});

Deno.test("I/O faults are recognised by their OS code", () => {
  const enospc = Object.assign(new Error("No space left on device"), { code: "ENOSPC" });
  assert.ok(isIoFault(enospc));
  assert.ok(isIoFault(new Deno.errors.PermissionDenied("no")));
  assert.ok(!isIoFault(new Deno.errors.NotFound("no")));
});

Deno.test("a guarded model records an endpoint fault even when the caller swallows it", async () => {
  const tracker = new FaultTracker();
  const model = guardModel(
    new ScriptedModel({ replies: [new ModelError("network", "chat at http://u:p@h/v1 failed")] }),
    "judge",
    tracker,
  );
  await model.chat({ messages: [{ role: "user", content: "q" }] }).catch(() => {});
  assert.ok(tracker.first instanceof InfrastructureError);
  assert.ok(tracker.first instanceof AutomemError);
  assert.equal(tracker.first.component, "judge");
  assert.ok(!tracker.first.message.includes("u:p@"), tracker.first.message);
  assert.throws(() => tracker.check(), InfrastructureError);
});

Deno.test("guarded methods turn I/O errors into recorded infrastructure faults", async () => {
  const tracker = new FaultTracker();
  const target = {
    write: () => Promise.reject(Object.assign(new Error("disk full"), { code: "ENOSPC" })),
    ok: () => 1,
  };
  const guarded = guardMethods(target, "storage", tracker);
  assert.equal(guarded.ok(), 1);
  await assert.rejects(guarded.write(), InfrastructureError);
  assert.equal(tracker.count, 1);
});

Deno.test("an I/O fault inside a model call's chain (a wrapper's file write) is recorded as an infrastructure fault, never a task's model failure", async () => {
  const tracker = new FaultTracker();
  const writing = {
    id: "w",
    chat: () =>
      Promise.reject(Object.assign(new Error("No space left on device"), { code: "ENOSPC" })),
  };
  const model = guardModel(writing, "task", tracker);
  await assert.rejects(model.chat({ messages: [] }), InfrastructureError);
  assert.match(tracker.first?.message ?? "", /ENOSPC/);
});
