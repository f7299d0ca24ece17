import assert from "node:assert/strict";
import { briefOf } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

Deno.test("every command answers --help with exit 0, its usage and every one of its flags", async () => {
  for (const row of COMMANDS) {
    const c = await row.load();
    const io = captureIo();
    assert.equal(await runCli([c.name, "--help"], io, COMMANDS), 0);
    const help = io.out.join("");
    assert.match(help, new RegExp(`Usage: ${c.usage.split(" ").slice(0, 2).join(" ")}`));
    for (const f of c.flags) {
      assert.ok(help.includes(`--${f.name}`), `${c.name} --help: --${f.name}`);
    }
  }
});

Deno.test("the command table's names and overview lines are the loaded commands' own", async () => {
  for (const row of COMMANDS) {
    const c = await row.load();
    assert.equal(c.name, row.name);
    assert.equal(row.brief, briefOf(c), `${row.name}: the table's line is the summary's first`);
  }
  const io = captureIo();
  assert.equal(await runCli(["--help"], io, COMMANDS), 0);
  for (const row of COMMANDS) assert.ok(io.out.join("").includes(`${row.name}`), row.name);
});

Deno.test("deno task compile includes every module the command table loads", async () => {
  const table = await Deno.readTextFile(new URL("./commands.ts", import.meta.url));
  const loaded = [...table.matchAll(/lazy<[^>]+>\("\.\/([a-z_]+\.ts)"\)/g)].map((m) =>
    `cli/${m[1]}`
  );
  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const included = [...String(config.tasks.compile).matchAll(/--include (cli\/\S+\.ts)/g)].map((
    m,
  ) => m[1]);
  assert.ok(loaded.length >= 10, `found the loaders (${loaded.length})`);
  assert.deepEqual(included.sort(), [...new Set(loaded)].sort());
});
