import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";

const SPEC = {
  schema_version: "1",
  encode: ["tip"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
};

async function cli(args: string[], files: Record<string, string> = {}) {
  const io = captureIo({ files });
  const code = await runCli(args, io, COMMANDS);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

Deno.test("spec /dev/zero is refused at once instead of being read until memory runs out", async () => {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      "--v8-flags=--max-old-space-size=256",
      main,
      "spec",
      "/dev/zero",
    ],
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assert.equal(code, 1, text);
  assert.match(text, /not a regular file/);
});

Deno.test("spec - with an endless standard input fails at the 1 MiB cap instead of reading it all", async () => {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--v8-flags=--max-old-space-size=256", main, "spec", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // /dev/zero through a pipe, bounded so that a reader without a cap still ends: 64 MiB.
  const limit = 64 << 20, chunk = new Uint8Array(256 << 10);
  let written = 0;
  const writer = child.stdin.getWriter();
  try {
    while (written < limit) {
      await writer.write(chunk);
      written += chunk.byteLength;
    }
    await writer.close();
  } catch {
    // The child stopped reading and closed its end: what the cap is for.
  }
  const { code, stdout, stderr } = await child.output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assert.equal(code, 1, text);
  assert.match(text, /standard input is larger than the 1048576-byte limit/);
  assert.ok(written < 16 << 20, `the child took ${written} bytes before refusing`);
});

Deno.test("a spec with a UTF-8 BOM parses; duplicate keys are an error naming the key", async () => {
  const bom = await cli(["spec", "s.json"], { "s.json": "\ufeff" + JSON.stringify(SPEC) });
  assert.equal(bom.code, 0, bom.err + bom.out);
  const dup = await cli(["spec", "s.json"], {
    "s.json": '{"schema_version":"1","encode":["tip"],"store":"json","store":"graph",' +
      '"retrieve":"hybrid","manage":"lightweight"}',
  });
  assert.equal(dup.code, 1);
  assert.match(dup.out + dup.err, /duplicate key 'store'/);
});

Deno.test("numeric flags take plain decimals only: 0x10, 1e3 and Infinity are usage errors", async () => {
  for (const v of ["0x10", "1e3", "Infinity"]) {
    const r = await cli(["search", "--run_name", "r", "--max_rounds", v, "--dry_run"]);
    assert.equal(r.code, 2, `${v}: ${r.err}`);
    assert.match(r.err, /decimal number/);
  }
});

Deno.test("huge --conversations ranges are refused before anything is allocated", async () => {
  const r = await cli(["locomo", "--spec", "s.json", "--conversations", "1-999999999"], {
    "s.json": JSON.stringify(SPEC),
  });
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /goes beyond 10000/);
});

Deno.test("search --help puts a description that does not fit beside its flag on the next line", async () => {
  const r = await cli(["search", "--help"]);
  assert.equal(r.code, 0);
  for (const line of r.out.split("\n").filter((l) => l.startsWith("  --"))) {
    assert.match(line, /^ {2}\S+(, \S+)?( [A-Z]+)?( {2,}\S.*)?$/, `run-together line: ${line}`);
  }
});

Deno.test("serve refuses a token with whitespace, which could never authenticate", async () => {
  const dir = await Deno.makeTempDir();
  const r = await cli(["serve", "--runs_dir", dir, "--token", "two words here"]);
  assert.notEqual(r.code, 0);
  assert.match(r.err, /without spaces/);
});

Deno.test("report refuses a directory that is not a run and writes nothing into it", async () => {
  const dir = await Deno.makeTempDir();
  const r = await cli(["report", dir]);
  assert.equal(r.code, 1);
  assert.match(r.err, /not a run directory/);
  assert.deepEqual([...Deno.readDirSync(dir)], []);
});

Deno.test("a busy --status_port is named as --status_port", async () => {
  const dir = await Deno.makeTempDir();
  const busy = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = String((busy.addr as Deno.NetAddr).port);
    const r = await cli([
      "search",
      "--run_name",
      "r",
      "--output_dir",
      join(dir, "runs"),
      "--dry_run",
      "--quiet",
      "--status_port",
      port,
    ]);
    assert.equal(r.code, 1);
    assert.match(r.err, /pick another --status_port/);
  } finally {
    busy.close();
  }
});
