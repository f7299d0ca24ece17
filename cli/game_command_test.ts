import assert from "node:assert/strict";
import { gameUnavailableReason } from "../bench/games/env_registry.ts";
import { COMMANDS } from "./commands.ts";
import { runCli } from "./run_cli.ts";
import { captureIo } from "./testing_io.ts";

Deno.test("game list prints every game with its availability", async () => {
  const io = captureIo();
  assert.equal(await runCli(["game", "list", "--json"], io, COMMANDS), 0);
  const rows = io.out.join("").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((r) => r.game).slice(0, 2), ["nethack", "crawl"]);
  for (const r of rows) assert.equal(r.available, gameUnavailableReason(r.game) === undefined);
});

Deno.test("game rejects an unknown game, subcommand or seed with exit 2", async () => {
  for (
    const argv of [
      ["game", "play", "chess"],
      ["game", "dance"],
      ["game", "play", "nethack", "--seed", "-3"],
      ["game", "bench", "--games", "chess"],
    ]
  ) {
    const io = captureIo();
    assert.equal(await runCli(argv, io, COMMANDS), 2, argv.join(" "));
    assert.match(io.err.join(""), /automem game: /);
  }
});

const reason = gameUnavailableReason("nethack");

Deno.test({
  name: `game play nethack prints each step as JSON and the episode's progression${
    reason ? ` (skipped: ${reason})` : ""
  }`,
  ignore: reason !== undefined,
  async fn() {
    const io = captureIo();
    const argv = ["game", "play", "nethack", "--seed", "42", "--actions", "west,dance,east"];
    assert.equal(await runCli([...argv, "--max_steps", "2", "--json"], io, COMMANDS), 0);
    const lines = io.out.join("").trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 4); // reset, two steps (truncated at 2), summary
    assert.match(lines[0].observation.message, /welcome to NetHack/);
    assert.equal(lines[2].valid, false);
    assert.equal(lines[2].executed, "esc");
    assert.equal(lines[2].truncated, true);
    assert.equal(lines[3].stats.end, "truncated");
    assert.equal(lines[3].progression, 0);
  },
});
