import assert from "node:assert/strict";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

async function runMain(args: string[], permissions: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("space runs without FFI permission, so it never loads the kuzu native addon", async () => {
  const r = await runMain(["space"], ["--allow-read", "--allow-env"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).counts.compatible_total, 2573);
});

Deno.test("the real binary entry point maps usage errors to exit 2 and help to exit 0", async () => {
  assert.equal((await runMain(["space", "--nope"], ["--allow-read", "--allow-env"])).code, 2);
  assert.equal((await runMain(["--help"], ["--allow-read", "--allow-env"])).code, 0);
});
