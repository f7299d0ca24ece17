/**
 * Determinism checks for the real-game tests: compares two runs step by step and, when they
 * differ, fails with the first differing step of both runs instead of a whole-run diff.
 *
 * @module
 */
import assert from "node:assert/strict";

/** Asserts `a` and `b` are equal, naming the first differing element (both as JSON). */
export function assertSameRuns(a: readonly unknown[], b: readonly unknown[]): void {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = JSON.stringify(a[i]);
    const y = JSON.stringify(b[i]);
    if (x !== y) assert.fail(`runs differ at element ${i}:\n--- first\n${x}\n--- second\n${y}`);
  }
}
