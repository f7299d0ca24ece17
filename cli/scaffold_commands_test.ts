import assert from "node:assert/strict";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

Deno.test("scaffold v0 prints a spec that scaffold spec validates and fingerprints", async () => {
  const io = captureIo();
  assert.equal(await runCli(["scaffold", "v0", "--env", "nethack"], io, COMMANDS), 0);
  const spec = io.out.join("");
  const io2 = captureIo({ files: { "s.json": spec } });
  assert.equal(await runCli(["scaffold", "spec", "s.json"], io2, COMMANDS), 0);
  const line = JSON.parse(io2.out[0]);
  assert.equal(line.valid, true);
  assert.match(line.fingerprint, /^[0-9a-f]{64}$/);
  assert.equal(line.spec.name, "nethack_v0");
});

Deno.test("scaffold spec reports a missing file, bad JSON and schema issues with exit 1", async () => {
  const io = captureIo({ files: { "bad.json": "{", "wrong.json": '{"schema_version":2}' } });
  assert.equal(
    await runCli(["scaffold", "spec", "nope.json", "bad.json", "wrong.json"], io, COMMANDS),
    1,
  );
  const [missing, bad, wrong] = io.out.map((l) => JSON.parse(l));
  assert.equal(missing.issues[0].code, "io");
  assert.equal(bad.issues[0].code, "json");
  assert.ok(wrong.issues.some((i: { path: string[] }) => i.path[0] === "schema_version"));
});

Deno.test("an unknown scaffold subcommand or environment is a clear error", async () => {
  const io = captureIo();
  assert.equal(await runCli(["scaffold", "fly"], io, COMMANDS), 2);
  assert.match(io.err.join(""), /unknown subcommand 'fly'/);
  const io2 = captureIo();
  assert.equal(await runCli(["scaffold", "v0", "--env", "chess"], io2, COMMANDS), 1);
  assert.match(io2.err.join(""), /no v0 scaffold for environment 'chess'/);
});
