import assert from "node:assert/strict";
import { isAutomemError } from "../../../core/automem_error.ts";
import { isRunning, pidsWithEnv, procId } from "./proc_probe.ts";
import { exitsWithin, PtyProcess } from "./pty_process.ts";

const hasTools = ["/usr/bin/script", "/usr/bin/setpriv", "/bin/cat"].every((p) => {
  try {
    Deno.statSync(p);
    return true;
  } catch {
    return false;
  }
});
const skip = hasTools ? "" : " (skipped: util-linux script/setpriv missing)";

function echo(): PtyProcess {
  return PtyProcess.spawn({
    env: "echo",
    command: "sh -c 'stty raw -echo && printf ready && exec cat'",
    gameName: "cat",
    vars: { PATH: "/usr/bin:/bin", TERM: "xterm" },
  });
}

Deno.test({
  name: `pty: keys reach a program on a pseudo-terminal and settle shows all it drew${skip}`,
  ignore: !hasTools,
  async fn() {
    const p = echo();
    try {
      assert.equal(await p.settle({ consumed: false, timeoutMs: 5000 }), true);
      assert.equal(p.screen.lines()[0], "ready");
      for (const key of "hello") {
        await p.send(key);
        assert.equal(await p.settle({ consumed: true, timeoutMs: 5000 }), true);
      }
      assert.equal(p.screen.lines()[0], "readyhello");
      assert.deepEqual(p.screen.cursor(), { x: 10, y: 0 });
    } finally {
      await p.kill();
    }
    assert.notEqual(p.exitCode, undefined);
  },
});

Deno.test({
  name: `pty: a program that never reads times out with game_timeout${skip}`,
  ignore: !hasTools,
  async fn() {
    const p = PtyProcess.spawn({
      env: "sleeper",
      command: "sleep 30",
      gameName: "sleep",
      vars: { PATH: "/usr/bin:/bin" },
    });
    try {
      await assert.rejects(
        () => p.settle({ consumed: false, timeoutMs: 100 }),
        (e) => isAutomemError(e, "game_timeout"),
      );
    } finally {
      await p.kill(50);
    }
  },
});

Deno.test("pty: exitsWithin tells a settled promise from a slow one", async () => {
  assert.equal(await exitsWithin(Promise.resolve(), 50), true);
  assert.equal(await exitsWithin(new Promise(() => {}), 5), false);
});

Deno.test({
  name:
    `pty: a game that keeps drawing past the settle timeout is slow, not stuck: it settles once it reads${skip}`,
  ignore: !hasTools,
  async fn() {
    // Draws for well over the timeout (as a game does on a loaded machine), then waits for keys.
    const p = PtyProcess.spawn({
      env: "slow",
      command:
        "sh -c 'stty raw -echo; i=0; while [ $i -lt 60 ]; do printf .; sleep 0.02; i=$((i+1)); done; exec cat'",
      gameName: "cat",
      vars: { PATH: "/usr/bin:/bin", TERM: "xterm" },
    });
    try {
      assert.equal(await p.settle({ consumed: false, timeoutMs: 400 }), true);
      assert.equal(p.screen.lines()[0], ".".repeat(60));
    } finally {
      await p.kill();
    }
  },
});

Deno.test({
  name:
    `pty: kill() returns only when no process of the game's family runs, even one that ignores SIGHUP${skip}`,
  ignore: !hasTools,
  async fn() {
    // The game's own child ignores the hang-up and outlives `script`; once kill() returns, the
    // caller (a CLI about to exit on Ctrl-C) must not leave it behind.
    const tag = `pty_kill_${Deno.pid}_${crypto.randomUUID()}`;
    const p = PtyProcess.spawn({
      env: "stubborn",
      command: "sh -c 'trap \"\" HUP; sleep 60 & stty raw -echo; printf ready; exec cat'",
      gameName: "cat",
      vars: { PATH: "/usr/bin:/bin", TERM: "xterm", AUTOMEM_GAME_TAG: tag },
    });
    try {
      assert.equal(await p.settle({ consumed: false, timeoutMs: 5000 }), true);
      assert.ok(pidsWithEnv("AUTOMEM_GAME_TAG", tag).length >= 2, "the game and its child run");
    } finally {
      await p.kill();
    }
    assert.deepEqual(pidsWithEnv("AUTOMEM_GAME_TAG", tag), []);
  },
});

Deno.test("proc ids: a running process is running, a reused pid or an ended process is not", async () => {
  const child = new Deno.Command("sleep", { args: ["60"] }).spawn();
  const id = procId(child.pid);
  assert.ok(id !== undefined);
  assert.equal(isRunning(id), true);
  assert.equal(isRunning({ pid: child.pid, start: `${Number(id.start) + 1}` }), false);
  child.kill("SIGKILL");
  await child.status;
  assert.equal(isRunning(id), false);
});
