import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { preflight, PreflightError } from "../cli/preflight.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { loadConfig } from "../core/config.ts";

/** A port on 127.0.0.1 that nothing listens on. */
function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Env of an endpoint whose URL carries a password and a query key, at a closed port. */
function deadEnv(port: number): Record<string, string> {
  return {
    OPENAI_API_BASE: `http://bob:pw-SECRET1@127.0.0.1:${port}/v1?api-key=SECRET2`,
    OPENAI_API_KEY: "sk-SECRET3",
    AUTOMEM_MAX_RETRIES: "0",
    AUTOMEM_CACHE_MODE: "off",
  };
}

/** Runs `fn` against a fake OpenAI-compatible server on 127.0.0.1. */
async function withServer(
  handler: (path: string) => Response,
  fn: (base: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    await req.body?.cancel();
    return handler(new URL(req.url).pathname);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/v1`);
  } finally {
    await server.shutdown();
  }
}

const completion = () =>
  Response.json({
    id: "c",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content: "OK" }, finish_reason: "stop" }],
    usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
  });

Deno.test("search --model against a closed port fails the pre-flight in seconds, exit 1, endpoint named without secrets, no run dir", async () => {
  const out = await Deno.makeTempDir();
  const port = closedPort();
  const io = captureIo({ env: deadEnv(port), cwd: out });
  const code = await runCli(
    ["search", "--run_name", "r", "--output_dir", out, "--model", "m", "--quiet"],
    io,
    COMMANDS,
  );
  const err = io.err.join("");
  assert.equal(code, 1, err);
  assert.match(err, /pre-flight check failed/);
  assert.match(err, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.ok(!/SECRET/.test(err + io.out.join("")), err);
  await assert.rejects(Deno.stat(join(out, "r")), Deno.errors.NotFound);
});

Deno.test("the pre-flight passes against a healthy fake server and names a failing one with its cause", async () => {
  await withServer(completion, async (base) => {
    const config = loadConfig({
      env: { OPENAI_API_BASE: base, OPENAI_API_KEY: "sk-x", AUTOMEM_CACHE_MODE: "off" },
      cwd: "/tmp",
      flags: {},
    });
    await preflight(config, { roles: ["task", "judge"] });
  });
  await withServer(
    () => Response.json({ error: { message: "down" } }, { status: 503 }),
    async (base) => {
      const config = loadConfig({
        env: { JUDGE_API_BASE: base, JUDGE_API_KEY: "sk-judge-key", AUTOMEM_CACHE_MODE: "off" },
        cwd: "/tmp",
        flags: {},
      });
      const e = await preflight(config, { roles: ["task", "judge"], timeoutMs: 2000 }).then(
        () => null,
        (x) => x,
      );
      assert.ok(e instanceof PreflightError);
      assert.deepEqual(e.failures.map((f) => f.roles), [["judge"]]);
      assert.match(e.message, /503/);
      assert.ok(!e.message.includes("sk-judge-key"));
    },
  );
});

const LOCOMO = [{
  sample_id: "fixture-1",
  conversation: {
    speaker_a: "Ana",
    speaker_b: "Ben",
    session_1_date_time: "1:00 pm on 8 May, 2023",
    session_1: [{ speaker: "Ana", dia_id: "D1:1", text: "I adopted a grey kitten called Pixel." }],
  },
  qa: [{
    question: "What is the kitten called?",
    answer: "Pixel",
    evidence: ["D1:1"],
    category: 4,
  }],
}];
const SPEC = JSON.stringify({
  schema_version: "1",
  encode: ["tip", "trajectory", "shortcut"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
});

Deno.test("locomo with a dead embedding endpoint stops with exit 1 and a redacted message instead of printing zero recalls", async () => {
  const dir = await Deno.makeTempDir();
  const data = join(dir, "locomo.json");
  await Deno.writeTextFile(data, JSON.stringify(LOCOMO));
  const port = closedPort();
  for (const extra of [[], ["--skip_preflight"]]) {
    const io = captureIo({
      env: { ...deadEnv(port), AUTOMEM_EMBEDDER: "openai", EMBEDDING_DIM: "8" },
      cwd: dir,
      files: { "spec.json": SPEC },
    });
    const code = await runCli(
      ["locomo", "--spec", "spec.json", "--data", data, "--conversations", "1", ...extra],
      io,
      COMMANDS,
    );
    const err = io.err.join("");
    assert.equal(code, 1, err);
    assert.equal(io.out.join(""), "", "no recall table is printed");
    assert.match(err, extra.length ? /infrastructure fault/ : /pre-flight check failed/);
    assert.match(err, new RegExp(`127\\.0\\.0\\.1:${port}`));
    assert.ok(!/SECRET/.test(err), err);
  }
});

Deno.test("run --model against a closed port fails the pre-flight before any task, exit 1, endpoint named without secrets", async () => {
  const out = await Deno.makeTempDir();
  const infile = join(out, "gaia.jsonl");
  await Deno.writeTextFile(
    infile,
    JSON.stringify({
      task_id: "t1",
      Question: "What is 2+2?",
      "Final answer": "4",
      file_name: "",
      Level: 1,
    }) + "\n",
  );
  const port = closedPort();
  const io = captureIo({ env: deadEnv(port), cwd: out });
  const code = await runCli(
    [
      "run",
      "--benchmark",
      "GAIA",
      "--infile",
      infile,
      "--output_dir",
      join(out, "res"),
      "--model",
      "m",
      "--quiet",
    ],
    io,
    COMMANDS,
  );
  const err = io.err.join("");
  assert.equal(code, 1, err);
  assert.match(err, /pre-flight check failed/);
  assert.match(err, new RegExp(`127\\.0\\.0\\.1:${port}`));
  assert.ok(!/SECRET/.test(err + io.out.join("")), err);
  await assert.rejects(Deno.stat(join(out, "res")), Deno.errors.NotFound);
});

Deno.test("sweep against a dead endpoint fails the pre-flight, exit 1, nothing written", async () => {
  const out = await Deno.makeTempDir();
  const port = closedPort();
  const io = captureIo({ env: { ...deadEnv(port), TASK_MODEL: "m" }, cwd: out });
  const code = await runCli(
    ["sweep", "--sample", "2", "--search_n", "4", "--out", join(out, "sw")],
    io,
    COMMANDS,
  );
  const err = io.err.join("");
  assert.equal(code, 1, err);
  assert.match(err, /pre-flight check failed/);
  assert.ok(!/SECRET/.test(err + io.out.join("")), err);
  await assert.rejects(Deno.stat(join(out, "sw")), Deno.errors.NotFound);
});
