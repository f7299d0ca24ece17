import assert from "node:assert/strict";
import { join } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { readTree } from "../search/queue/testing/redis.ts";

// Each secret the configuration knows, in the form a client sends it: the query value, the URL
// password, the key, and the Basic-auth header `base64("bob:pw-Hush1")` Deno derives from the URL.
const QUERY = "Hush2query";
const PASSWORD = "pw-Hush1";
const KEY = "sk-Hush3";
const BASIC = btoa(`bob:${PASSWORD}`);
const SECRETS = [QUERY, PASSWORD, KEY, BASIC, BASIC.replace(/=+$/, "")];

/** A fake endpoint that answers `status`, echoing the request path, query and Authorization. */
function echoServer(status: number): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    await req.body?.cancel();
    const url = new URL(req.url);
    const echo = `${req.method} ${url.pathname}${url.search} with ${
      req.headers.get("authorization")
    }`;
    return Response.json({ error: { message: `rejected ${echo}` } }, { status });
  });
}

function env(port: number): Record<string, string> {
  return {
    OPENAI_API_BASE: `http://bob:${PASSWORD}@127.0.0.1:${port}/v1?api_key=${QUERY}`,
    OPENAI_API_KEY: KEY,
    AUTOMEM_MAX_RETRIES: "0",
    AUTOMEM_CACHE_MODE: "off",
  };
}

const SEARCH_ARGS = [
  "--run_name=r",
  "--benchmark=world",
  "--model=m",
  "--max_rounds=1",
  "--num_candidates=1",
  "--warmup_n=1",
  "--search_n=2",
  "--batch_size=2",
  "--validation_n=1",
  "--test_n=1",
  "--parallel=1",
  "--max_steps=2",
  "--skip_preflight",
  "--quiet",
];

function assertClean(where: string, text: string): void {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${where} leaks ${s}`);
}

Deno.test("an endpoint that echoes the query and Authorization header in 400 errors leaks no secret into any run file or output", async () => {
  const server = echoServer(400);
  const out = await Deno.makeTempDir();
  try {
    const io = captureIo({ env: env(server.addr.port), cwd: out });
    const code = await runCli(["search", `--output_dir=${out}`, ...SEARCH_ARGS], io, COMMANDS);
    assert.equal(code, 0, io.err.join(""));
    const files = await readTree(join(out, "r"));
    assert.ok(
      [...files.values()].some((v) => v.includes("rejected POST /v1/chat/completions")),
      "the echoed error reached the run files",
    );
    for (const [name, text] of files) assertClean(name, text);
    assertClean("stdout", io.out.join(""));
    assertClean("stderr", io.err.join(""));
  } finally {
    await server.shutdown();
  }
});

Deno.test("an endpoint that echoes the query and Authorization header in a 500 leaks no secret to stderr or the failed run's files", async () => {
  const server = echoServer(500);
  const out = await Deno.makeTempDir();
  try {
    const main = new URL("../main.ts", import.meta.url).pathname;
    const child = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--quiet", main, "search", `--output_dir=${out}`, ...SEARCH_ARGS],
      env: env(server.addr.port),
      cwd: out,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(child.stderr);
    assert.equal(child.code, 1, stderr);
    assert.match(stderr, /rejected POST \/v1\/chat\/completions/, "the echoed body is reported");
    assertClean("stderr", stderr);
    assertClean("stdout", new TextDecoder().decode(child.stdout));
    for (const [name, text] of await readTree(join(out, "r"))) assertClean(name, text);
  } finally {
    await server.shutdown();
  }
});
