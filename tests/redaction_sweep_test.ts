import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { createBenchmark } from "../bench/registry.ts";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { createOpenAIChatModel } from "../core/openai_adapter.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";
import { createApp } from "../server/app.ts";
import { MINIMAL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

const SECRET = /SECRET/;

async function allFiles(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else out.set(relative(root, p), await Deno.readTextFile(p));
    }
  };
  await walk(root);
  return out;
}

Deno.test("no artifact, event, report or API response of a run with secret-bearing URLs and keys contains a secret", async () => {
  // The endpoint rejects every request (a task failure, not an infrastructure fault) and echoes
  // its own secret-bearing URL in the error, as some proxies do.
  let leakUrl = "";
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    await req.body?.cancel();
    return Response.json({ error: { message: `bad request, see ${leakUrl}` } }, { status: 400 });
  });
  const base = `http://127.0.0.1:${server.addr.port}/v1`;
  leakUrl = `${base}?api-key=SECRET-echo&user=x`;
  const out = await Deno.makeTempDir();
  try {
    const model = createOpenAIChatModel({
      baseURL: `http://bob:pw-SECRET1@127.0.0.1:${server.addr.port}/v1?api-key=SECRET2`,
      apiKey: "sk-SECRET3",
      model: "m",
      maxRetries: 0,
    });
    const bench = await createBenchmark("world", { seed: 7 });
    const cfg = parseSearchConfig({
      run_name: "run",
      output_dir: out,
      benchmark: "world",
      max_rounds: 1,
      ...MINIMAL_SEARCH_FLAGS,
      max_steps: 2,
      final_validation: true,
    });
    if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
    const summary = await runSearchWith(
      cfg.value,
      { models: { task: model }, embedder: new HashEmbedder(64), clock: logicalClock() },
      fakeServices(bench),
    );
    assert.equal(summary.status, "finished");
    const runDir = join(out, "run");
    const reportIo = captureIo();
    assert.equal(await runCli(["report", runDir], reportIo, COMMANDS), 0, reportIo.err.join(""));
    const files = await allFiles(runDir);
    const taskFiles = [...files].filter(([k]) => k.includes("tasks/"));
    assert.ok(
      taskFiles.some(([, v]) => v.includes(`127.0.0.1:${server.addr.port}`)),
      "the endpoint's error (with its redacted address) reached the task files",
    );
    for (const [k, v] of files) assert.ok(!SECRET.test(v), `${k} leaks a secret`);

    const app = createApp({ runsDir: out });
    const paths = [
      "/api/runs",
      "/api/runs/run",
      "/api/runs/run/rounds",
      "/api/runs/run/rounds/1",
      "/api/runs/run/candidates/1/0",
      "/api/runs/run/pareto",
      "/api/runs/run/ledger",
      "/api/runs/run/usage",
    ];
    for (const p of paths) {
      const res = await app.request(p);
      const body = await res.text();
      assert.equal(res.status, 200, `${p}: ${body.slice(0, 200)}`);
      assert.ok(!SECRET.test(body), `${p} leaks a secret`);
    }
  } finally {
    await server.shutdown();
  }
});
