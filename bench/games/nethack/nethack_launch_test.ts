import assert from "node:assert/strict";
import { nethackSpawnOptions, seedBytes } from "./nethack_launch.ts";

Deno.test("nethack launch: the seed becomes 8 little-endian bytes for the fake /dev/urandom", () => {
  assert.equal(seedBytes(42), "\\052" + "\\000".repeat(7));
  assert.equal(seedBytes(256), "\\000\\001" + "\\000".repeat(6));
  assert.throws(() => seedBytes(-1), RangeError);
  assert.throws(() => seedBytes(1.5), RangeError);
});

Deno.test("nethack launch: each game runs in its own mount namespace, rootless when not root", () => {
  assert.match(nethackSpawnOptions(1, "t", false).command, /^unshare -m /);
  assert.match(nethackSpawnOptions(1, "t", true).command, /^unshare -rm /);
  const vars = nethackSpawnOptions(1, "t", false).vars;
  assert.equal(vars.AUTOMEM_GAME_TAG, "t");
  assert.equal(vars.FAKETIME, "2024-01-18 12:00:00");
  assert.match(vars.NETHACKOPTIONS, /number_pad:0/);
});
