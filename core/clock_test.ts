import assert from "node:assert/strict";
import { AutomemError } from "./automem_error.ts";
import { isoUtc, logicalClock, systemClock } from "./clock.ts";

Deno.test("logicalClock starts at 2026-01-01 UTC and advances one second per read", () => {
  const clock = logicalClock();
  assert.equal(clock.now(), Date.UTC(2026, 0, 1));
  assert.equal(clock.now(), Date.UTC(2026, 0, 1) + 1000);
  assert.equal(clock.now(), Date.UTC(2026, 0, 1) + 2000);
});

Deno.test("logicalClock honours a custom start and step", () => {
  const clock = logicalClock(5, 7);
  assert.deepEqual([clock.now(), clock.now(), clock.now()], [5, 12, 19]);
});

Deno.test("logicalClock rejects a negative step", () => {
  assert.throws(() => logicalClock(0, -1), AutomemError);
});

Deno.test("two logical clocks with the same parameters give the same sequence", () => {
  const a = logicalClock(100, 3);
  const b = logicalClock(100, 3);
  for (let i = 0; i < 5; i++) assert.equal(a.now(), b.now());
});

Deno.test("isoUtc formats milliseconds with a Z suffix and millisecond precision", () => {
  assert.equal(isoUtc(Date.UTC(2026, 0, 1)), "2026-01-01T00:00:00.000Z");
  assert.equal(isoUtc(Date.UTC(2026, 11, 31, 23, 59, 58, 7)), "2026-12-31T23:59:58.007Z");
});

Deno.test("isoUtc rejects NaN", () => {
  assert.throws(() => isoUtc(Number.NaN), AutomemError);
});

Deno.test("systemClock reads wall time", () => {
  const before = Date.now();
  const now = systemClock.now();
  assert.ok(now >= before && now <= Date.now());
});
