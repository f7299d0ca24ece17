import assert from "node:assert/strict";
import { RUNTIME_POLICY } from "../../core/runtime_policy.ts";
import { guidanceFingerprint, SessionRegistry } from "./session.ts";

Deno.test("BEGIN opens a session and IN needs an explicit refresh boundary", () => {
  const s = new SessionRegistry();
  assert.deepEqual(s.phaseAllowed("t1", "in", true), {
    allowed: false,
    reason: "no_session",
    restarted: false,
  });
  assert.equal(s.phaseAllowed("t1", "begin").allowed, true);
  assert.equal(s.phaseAllowed("t1", "in", false).reason, "no_boundary");
  assert.equal(s.phaseAllowed("t1", "in", true).allowed, true);
});

Deno.test("only max_refreshes_per_task refreshes are allowed, and an empty attempt counts", () => {
  assert.equal(RUNTIME_POLICY.max_refreshes_per_task, 1);
  const s = new SessionRegistry();
  s.phaseAllowed("t", "begin");
  // The first attempt is allowed even though nothing is committed afterwards (empty result).
  assert.equal(s.phaseAllowed("t", "in", true).allowed, true);
  const second = s.phaseAllowed("t", "in", true);
  assert.equal(second.allowed, false);
  assert.equal(second.reason, "refresh_budget_spent");
});

Deno.test("a second BEGIN resets the refresh budget but keeps what was injected", () => {
  const s = new SessionRegistry();
  s.phaseAllowed("t", "begin");
  assert.equal(s.commit("t", ["u1"], "guide A [memory:u1]"), true);
  s.phaseAllowed("t", "in", true);
  const restart = s.phaseAllowed("t", "begin");
  assert.deepEqual(restart, { allowed: true, reason: "restart", restarted: true });
  assert.equal(s.phaseAllowed("t", "in", true).allowed, true, "budget starts over");
  assert.deepEqual(s.unseen("t", ["u1", "u2"]), ["u2"], "u1 stays injected");
  assert.equal(s.commit("t", ["u1"], "guide A [memory:u1]"), false, "same guidance dropped");
});

Deno.test("close ends the session so the next BEGIN starts from scratch", () => {
  const s = new SessionRegistry();
  s.phaseAllowed("t", "begin");
  s.commit("t", ["u1"], "g");
  assert.equal(s.close("t"), true);
  assert.equal(s.phaseAllowed("t", "begin").reason, "begin");
  assert.deepEqual(s.unseen("t", ["u1"]), ["u1"]);
  assert.equal(s.commit("t", ["u1"], "g"), true);
});

Deno.test("unit ids already injected are reported as seen", () => {
  const s = new SessionRegistry();
  s.phaseAllowed("t", "begin");
  s.commit("t", ["a", "b"], "first");
  assert.deepEqual(s.unseen("t", ["c", "a", "d", "b"]), ["c", "d"]);
  assert.deepEqual(s.injectedIds("t"), ["a", "b"]);
});

Deno.test("duplicate guidance is detected by the fingerprint of the trimmed text", () => {
  const s = new SessionRegistry();
  s.phaseAllowed("t", "begin");
  assert.equal(s.commit("t", ["a"], "  same text\n"), true);
  assert.equal(s.commit("t", ["b"], "same text"), false);
  assert.deepEqual(s.injectedIds("t"), ["a"], "a rejected commit records no ids");
  assert.equal(guidanceFingerprint(" x "), guidanceFingerprint("x"));
  assert.notEqual(guidanceFingerprint("x"), guidanceFingerprint("y"));
});

Deno.test("sessions are independent per task id", () => {
  const s = new SessionRegistry();
  s.phaseAllowed("a", "begin");
  s.phaseAllowed("b", "begin");
  s.commit("a", ["u"], "g");
  assert.equal(s.commit("b", ["u"], "g"), true);
  s.phaseAllowed("a", "in", true);
  assert.equal(s.phaseAllowed("b", "in", true).allowed, true);
});

Deno.test("the registry is bounded and drops the least recently used session", () => {
  const s = new SessionRegistry({ capacity: 2 });
  s.phaseAllowed("a", "begin");
  s.phaseAllowed("b", "begin");
  s.commit("a", ["x"], "ga"); // touches a: b is now the oldest
  s.phaseAllowed("c", "begin");
  assert.equal(s.size, 2);
  assert.equal(s.phaseAllowed("b", "in", true).reason, "no_session");
  assert.deepEqual(s.injectedIds("a"), ["x"]);
});

Deno.test("bad keys and options fail with a clear error", () => {
  const s = new SessionRegistry();
  assert.throws(() => s.phaseAllowed("  ", "begin"), /task id must be a non-empty string/);
  assert.throws(() => new SessionRegistry({ capacity: 0 }), /capacity must be a positive integer/);
  assert.throws(() => new SessionRegistry({ maxRefreshes: -1 }), /maxRefreshes/);
});
