import assert from "node:assert/strict";
import { xbenchDecrypt, xbenchEncrypt } from "./cipher.ts";

Deno.test("the xBench cipher round-trips UTF-8 text with a repeating canary key", () => {
  const plain = "问题：第一届会议在哪一年举行？ (answer: 1999)";
  const enc = xbenchEncrypt(plain, "canary-key");
  assert.notEqual(enc, plain);
  assert.equal(xbenchDecrypt(enc, "canary-key"), plain);
  assert.throws(() => xbenchDecrypt("@@not base64@@", "k"), /base64/);
});
