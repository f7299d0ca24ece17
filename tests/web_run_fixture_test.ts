/**
 * `automem run` end to end on the fixture web, offline: the three benchmark shapes, memory that
 * changes the result under a tight step budget, byte-identical reruns, and no xBench plaintext on
 * disk afterwards.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../cli/run_cli.ts";
import { runCommand } from "../cli/run_default.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import { FIXTURE_TASKS } from "../bench/web/fixture_tasks.ts";
import { assertNoTaskText, textsUnder } from "./leak_scan.ts";
import { freePort } from "../core/free_port.ts";

/** A port that was free a moment ago (the fixture files must name the port before it serves). */
async function setup() {
  const dir = await Deno.makeTempDir({ prefix: "automem-fixture-run-" });
  const port = freePort();
  const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
  return { dir, port, files };
}

async function run(dir: string, port: number, infile: string, out: string, ...extra: string[]) {
  const io = {
    ...captureIo({ cwd: dir, env: {} }),
    readTextFile: (p: string) => Deno.readTextFile(p),
  };
  const code = await runCli(
    [
      "run",
      "--benchmark",
      extra.includes("--benchmark") ? extra[extra.indexOf("--benchmark") + 1] : "GAIA",
      "--infile",
      infile,
      "--output_dir",
      out,
      "--fixture_web",
      "--fixture_port",
      String(port),
      "--offline",
      ...extra.filter((_, i) => !(extra[i] === "--benchmark" || extra[i - 1] === "--benchmark")),
    ],
    io,
    [runCommand],
  );
  return { code, out: io.out.join(""), err: io.err.join("") };
}

function number(report: string, re: RegExp): number {
  const m = re.exec(report);
  if (!m) throw new Error(`no report line ${re} in:\n${report}`);
  return Number(m[1]);
}

const SPEC = JSON.stringify({
  schema_version: "1",
  encode: ["trajectory"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
});

Deno.test("offline on the fixture web: GAIA tasks solved by searching and following links", async () => {
  const { dir, port, files } = await setup();
  try {
    const a = await run(dir, port, files.gaia, "a", "--task_indices", "1-6");
    assert.equal(a.code, 0, a.err);
    const acc = number(a.out, /accuracy ([\d.]+)/);
    assert.ok(acc >= 0.8, `offline agent accuracy ${acc} on six fixture tasks`);
    // stderr is not a TTY here: one plain progress line per task, no bar.
    const lines = a.err.split("\n").filter((l) => l.startsWith("["));
    assert.equal(lines.length, 6, a.err);
    lines.forEach((l, i) =>
      assert.match(
        l,
        new RegExp(
          `^\\[${i + 1}/6\\] item ${i + 1}: (correct|incorrect|error), \\d+ steps, \\d+ tokens$`,
        ),
      )
    );
    assert.ok(!a.err.includes("\x1b["), "no terminal escapes when piped");
    const line = JSON.parse(
      (await Deno.readTextFile(join(dir, "a", "results.jsonl"))).split("\n")[0],
    );
    const tools = line.agent_trajectory.map((s: { tool?: string }) => s.tool).filter(Boolean);
    assert.ok(tools.includes("web_search") && tools.includes("crawl_page"), tools.join(","));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("remembered site structure saves the agent steps across the fixture tasks", async () => {
  const { dir, port, files } = await setup();
  try {
    await Deno.writeTextFile(join(dir, "spec.json"), SPEC);
    const ww = ["--benchmark", "WebWalkerQA"];
    const none = await run(dir, port, files.webwalker, "none", ...ww);
    const mem = await run(dir, port, files.webwalker, "mem", ...ww, "--spec", "spec.json");
    const accNone = number(none.out, /accuracy ([\d.]+)/);
    const accMem = number(mem.out, /accuracy ([\d.]+)/);
    const stepsNone = number(none.out, /steps per task: ([\d.]+)/);
    const stepsMem = number(mem.out, /steps per task: ([\d.]+)/);
    assert.ok(
      accMem >= accNone && stepsMem < stepsNone,
      `memory: accuracy ${accMem} vs ${accNone}, steps ${stepsMem} vs ${stepsNone}`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an xBench run with memory on the fixture leaves no decrypted text on disk", async () => {
  const { dir, port, files } = await setup();
  try {
    await Deno.writeTextFile(join(dir, "spec.json"), SPEC);
    const r = await run(
      dir,
      port,
      files.xbench,
      "xb",
      "--benchmark",
      "xbench",
      "--spec",
      "spec.json",
      "--task_indices",
      "1-5",
    );
    assert.equal(r.code, 0, r.err);
    const written = (await textsUnder(join(dir, "xb"))) +
      (await textsUnder(join(dir, ".automem"))) +
      r.out + r.err;
    assertNoTaskText(written, FIXTURE_TASKS.slice(0, 5));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
