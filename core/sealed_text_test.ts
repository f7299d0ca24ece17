import assert from "node:assert/strict";
import { isAutomemError } from "./automem_error.ts";
import { isSealed, TextSealer } from "./sealed_text.ts";

const TEXT = '{"question":"Who designed the Corrow bridge?","answer":"Ada Fennick"}\n';

Deno.test("sealed text hides the plaintext, reopens with the same secret and is deterministic", async () => {
  const s = await TextSealer.fromSecret("dataset text", "memory-pool");
  const sealed = await s.seal(TEXT);
  assert.ok(isSealed(sealed));
  assert.ok(!sealed.includes("Corrow") && !sealed.includes("Fennick"));
  assert.equal(await s.open(sealed, "pool.json"), TEXT);
  const again = await TextSealer.fromSecret("dataset text", "memory-pool");
  assert.equal(await again.seal(TEXT), sealed, "same text and secret: same bytes");
  assert.notEqual(await s.seal(TEXT + " "), sealed);
});

Deno.test("sealed text refuses another secret, another purpose, tampering and non-envelopes", async () => {
  const s = await TextSealer.fromSecret("dataset text", "memory-pool");
  const sealed = await s.seal(TEXT);
  const refuse = async (sealer: TextSealer, text: string) =>
    await assert.rejects(sealer.open(text, "x/pool.json"), (e) => {
      assert.ok(isAutomemError(e, "sealed_open"));
      assert.match((e as Error).message, /x\/pool\.json/);
      return true;
    });
  await refuse(await TextSealer.fromSecret("other text", "memory-pool"), sealed);
  await refuse(await TextSealer.fromSecret("dataset text", "other"), sealed);
  const env = JSON.parse(sealed);
  const flipped = env.data[5] === "A" ? "B" : "A";
  await refuse(
    s,
    JSON.stringify({ ...env, data: env.data.slice(0, 5) + flipped + env.data.slice(6) }),
  );
  await refuse(s, TEXT);
});
