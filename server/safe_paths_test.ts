import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { RunReadError } from "./errors.ts";
import { isValidRunId, listInRun, parseIndex, readJsonInRun, RunsRoot } from "./safe_paths.ts";

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof RunReadError ? error.code : "other";
  }
  return "none";
};

async function rejectsWith(p: Promise<unknown>, c: string, msg?: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof RunReadError);
    assert.equal(e.code, c);
    if (msg) assert.match(e.message, msg);
    return true;
  });
}

Deno.test("run ids are one safe segment: no dots at the start, no '..', no slashes", () => {
  for (const ok of ["run_1", "world-2026.01.05", "a+b=c@d", "_x"]) assert.ok(isValidRunId(ok), ok);
  for (
    const bad of ["", ".", "..", ".hidden", "a/b", "a\\b", "a..b", "has space", "x".repeat(201)]
  ) {
    assert.ok(!isValidRunId(bad), bad);
  }
});

Deno.test("round and candidate segments must be plain integers, else 404", () => {
  assert.equal(parseIndex("12", "round"), 12);
  for (const bad of ["-1", "1e3", "x", "", "1.0", "..", "1234567"]) {
    assert.equal(code(() => parseIndex(bad, "round")), "not_found", bad);
  }
});

Deno.test("a run reached through a symlink out of the runs dir, or a file, is a 404", async () => {
  const root = await Deno.makeTempDir();
  const runs = join(root, "runs");
  await Deno.mkdir(join(runs, "real"), { recursive: true });
  await Deno.mkdir(join(root, "elsewhere"));
  await Deno.symlink(join(root, "elsewhere"), join(runs, "link"));
  await Deno.symlink(join(runs, "real"), join(runs, "alias"));
  await Deno.writeTextFile(join(runs, "file"), "x");
  const r = new RunsRoot(runs);
  assert.equal(await r.run("real"), await Deno.realPath(join(runs, "real")));
  assert.equal(
    await r.run("alias"),
    await Deno.realPath(join(runs, "real")),
    "links inside are fine",
  );
  await rejectsWith(r.run("link"), "not_found");
  await rejectsWith(r.run("file"), "not_found");
  await rejectsWith(r.run("missing"), "not_found");
  await rejectsWith(new RunsRoot(join(root, "nope")).run("real"), "not_found", /runs directory/);
});

Deno.test("JSON reads: absent is undefined, torn is 409 naming the file, a wrong shape names the field", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  const schema = z.object({ a: z.object({ b: z.number() }) });
  assert.equal(await readJsonInRun(dir, schema, "x.json"), undefined);
  await Deno.writeTextFile(join(dir, "x.json"), '{"a": {"b": 1');
  await rejectsWith(readJsonInRun(dir, schema, "x.json"), "conflict", /x\.json is incomplete/);
  await Deno.writeTextFile(join(dir, "x.json"), '{"a": {"b": "1"}}');
  await rejectsWith(readJsonInRun(dir, schema, "x.json"), "conflict", /at a\.b/);
  await Deno.writeTextFile(join(dir, "x.json"), '{"a": {"b": 1}}');
  assert.deepEqual(await readJsonInRun(dir, schema, "x.json"), { a: { b: 1 } });
});

Deno.test("listing a missing or non-folder path gives nothing", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  await Deno.writeTextFile(join(dir, "f"), "");
  assert.deepEqual(await listInRun(dir, "nope"), []);
  assert.deepEqual(await listInRun(dir, "f"), []);
  assert.deepEqual(await listInRun(dir), ["f"]);
});
