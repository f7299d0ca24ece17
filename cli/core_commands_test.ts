import assert from "node:assert/strict";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

const VALID =
  '{"schema_version":"1","encode":["tip"],"store":"json","retrieve":"hybrid","manage":"lightweight"}';

Deno.test("space prints the manifest as sorted-key JSON with 2-space indent", async () => {
  const io = captureIo();
  assert.equal(await runCli(["space"], io, COMMANDS), 0);
  const text = io.out.join("");
  assert.ok(
    text.startsWith(
      '{\n  "counts": {\n    "cartesian_total": 3720,\n    "compatible_total": 2573,',
    ),
  );
  assert.ok(text.endsWith('  "space_id": "automem-esrm-v1"\n}\n'));
  const table = captureIo();
  assert.equal(await runCli(["space", "--table"], table, COMMANDS), 0);
  assert.match(table.out.join(""), /compatible total 2573/);
});

Deno.test("spec prints one JSON line per file and exits 1 when any is invalid", async () => {
  const io = captureIo({
    files: { "a.json": VALID, "b.json": '{"encode":"tip"}', "c.json": "{oops" },
    stdin: VALID,
  });
  const code = await runCli(
    ["spec", "a.json", "b.json", "c.json", "missing.json", "-"],
    io,
    COMMANDS,
  );
  assert.equal(code, 1);
  const lines = io.out.join("").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 5);
  assert.equal(lines[0].valid, true);
  assert.equal(
    lines[0].fingerprint,
    "ec00873a727a1081ebf88d8ff6dde3f53f159f5e63cc5dcf320b61e3ccc87acd",
  );
  assert.equal(lines[1].valid, false);
  assert.ok(lines[1].issues.some((i: { code: string }) => i.code === "missing_field"));
  assert.equal(lines[2].issues[0].code, "json");
  assert.equal(lines[3].issues[0].code, "io");
  assert.equal(lines[4].file, "-");
  assert.equal(lines[4].valid, true);
});

Deno.test("compile prints a resolved plan; invalid input exits 1", async () => {
  const io = captureIo({ files: { "a.json": VALID } });
  assert.equal(await runCli(["compile", "a.json", "--storage-dir", "/s"], io, COMMANDS), 0);
  const plan = JSON.parse(io.out.join(""));
  assert.equal(plan.store.dir, "/s/store_json");
  assert.equal(plan.retrieve.top_k, 4);
  const bad = captureIo({ files: { "a.json": "[]" } });
  assert.equal(await runCli(["compile", "a.json"], bad, COMMANDS), 1);
});

Deno.test("usage errors exit 2: unknown command, unknown option, missing argument", async () => {
  for (const argv of [["nope"], ["space", "--bogus"], ["spec"], []]) {
    const io = captureIo();
    assert.equal(await runCli(argv, io, COMMANDS), 2, argv.join(" "));
  }
});
