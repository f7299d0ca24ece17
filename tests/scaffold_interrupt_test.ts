/**
 * Ctrl-C during `automem scaffold play` on a real game: the command stops with exit 130 and a
 * one-line "interrupted", no stack trace or property error, and no game process is left.
 */
import assert from "node:assert/strict";
import { nethackAvailable } from "../bench/games/env_registry.ts";
import { findDescendant, pidsWithEnv } from "../bench/games/pty/proc_probe.ts";

const probe = nethackAvailable();

Deno.test({
  name: probe.ok
    ? "Ctrl-C during scaffold play on real NetHack exits 130 cleanly and leaves no game running"
    : `SKIPPED (${probe.reason}): Ctrl-C during scaffold play on real NetHack`,
  ignore: !probe.ok,
  async fn() {
    const main = new URL("../main.ts", import.meta.url).pathname;
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        main,
        "scaffold",
        "play",
        "--env",
        "nethack",
        "--seeds",
        "42",
        "--max_steps",
        "100000",
        "--offline",
      ],
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const out = child.output();
    // Interrupt while the game is being played (its process is below ours).
    for (let i = 0; i < 1200 && findDescendant(child.pid, "nethack") === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(findDescendant(child.pid, "nethack") !== undefined, "the game never started");
    await new Promise((r) => setTimeout(r, 500));
    child.kill("SIGINT");
    const { code, stdout, stderr } = await out;
    const err = new TextDecoder().decode(stderr);
    assert.equal(code, 130, err);
    assert.match(err, /interrupted/);
    assert.doesNotMatch(err, /Cannot read properties|TypeError|at .*\.ts:\d+/);
    assert.equal(new TextDecoder().decode(stdout), "");
    assert.deepEqual(pidsWithEnv("AUTOMEM_GAME_TAG", `${child.pid}.`), []);
  },
});
