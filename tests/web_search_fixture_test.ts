/**
 * `automem search --benchmark GAIA|WebWalkerQA|xBench-DeepSearch` end to end on the fixture web,
 * offline (the scripted research agent, rules proposer): each finishes with a winner and a sane
 * summary, and a search killed with SIGKILL resumes to the uninterrupted run's artifacts.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { sha256Hex } from "../core/canonical_json.ts";
import { runCli } from "../cli/run_cli.ts";
import { searchCommand } from "../cli/search_commands.ts";
import { reportCommand } from "../cli/server_commands.ts";
import { captureIo } from "../cli/testing_io.ts";
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";
import { FIXTURE_TASKS } from "../bench/web/fixture_tasks.ts";
import { assertNoTaskText, textsUnder } from "./leak_scan.ts";
import { createApp } from "../server/app.ts";
import { freePort } from "../core/free_port.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

/** A port that was free a moment ago (the fixture files must name the port before it serves). */
/** A small search: warm-up, one-candidate rounds, runoff and the held-out test. */
function searchArgs(
  name: string,
  out: string,
  benchmark: string,
  infile: string,
  port: number,
  rounds = 2,
): string[] {
  return [
    "search",
    "--run_name",
    name,
    "--output_dir",
    out,
    "--benchmark",
    benchmark,
    "--infile",
    infile,
    "--fixture_web",
    "--fixture_port",
    String(port),
    "--max_rounds",
    String(rounds),
    "--num_candidates",
    "1",
    "--warmup_n",
    "2",
    "--search_n",
    "3",
    "--batch_size",
    "3",
    "--validation_n",
    "2",
    "--test_n",
    "2",
    "--parallel",
    "1",
    "--final_validation",
  ];
}

const CASES = [
  { benchmark: "GAIA", file: "gaia" as const, name: "gaia" },
  { benchmark: "WebWalkerQA", file: "webwalker" as const, name: "webwalkerqa" },
  { benchmark: "xBench-DeepSearch", file: "xbench" as const, name: "xbench-deepsearch" },
];

Deno.test("search on the fixture web finishes with a winner for GAIA, WebWalkerQA and xBench", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem-web-search-" });
  try {
    const port = freePort();
    const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
    for (const c of CASES) {
      const io = captureIo({ cwd: dir, env: {} });
      const out = join(dir, "runs");
      const code = await runCli(
        [...searchArgs(c.name, out, c.benchmark, files[c.file], port, 1), "--quiet"],
        io,
        [searchCommand],
      );
      const err = io.err.join("");
      assert.equal(code, 0, `${c.benchmark}: ${err}`);
      const summary = JSON.parse(io.out.join(""));
      assert.equal(summary.status, "finished", c.benchmark);
      assert.equal(summary.rounds, 1, c.benchmark);
      assert.ok(summary.winner.test_score !== null, `${c.benchmark} held-out test ran`);
      assert.match(summary.winner.fingerprint, /^[0-9a-f]{64}$/, c.benchmark);
      assert.ok(summary.winner.validation_score >= 0.5, `${c.benchmark} validation score`);
      assert.ok(summary.baseline.search_score >= 0.5, `${c.benchmark} baseline score`);
      assert.ok(summary.usage.tokens > 0 && summary.usage.cost_usd === 0, c.benchmark);
      const onDisk = JSON.parse(await Deno.readTextFile(join(out, c.name, "summary.json")));
      assert.equal(onDisk.winner.fingerprint, summary.winner.fingerprint, c.benchmark);
      const protocol = await Deno.readTextFile(join(out, c.name, "eval_protocol.json"));
      assert.match(protocol, new RegExp(`"${c.name}"`), c.benchmark);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

function child(cwd: string, args: string[]): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", CONFIG, MAIN, ...args],
    cwd,
    env: { AUTOMEM_CACHE_DIR: join(cwd, "cache") },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  });
}

async function lineCount(path: string): Promise<number> {
  try {
    return (await Deno.readTextFile(path)).split("\n").filter(Boolean).length;
  } catch {
    return 0;
  }
}

/**
 * Every file of a run directory but the event stream (its lines carry wall-clock times) and the
 * temporary sibling (`<file>.<12 hex>.tmp`) of an atomic write the kill interrupted, whose target
 * was never touched.
 */
async function artifacts(root: string, sub = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(join(root, sub))) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory) {
      for (const [k, v] of await artifacts(root, rel)) out.set(k, v);
    } else if (rel !== "events.jsonl" && !/\.[0-9a-f]{12}\.tmp$/.test(rel)) {
      out.set(rel, await Deno.readTextFile(join(root, rel)));
    }
  }
  return out;
}

/** Every directory under `root`, itself included. */
async function dirsUnder(root: string): Promise<string[]> {
  const out = [root];
  for await (const e of Deno.readDir(root)) {
    if (e.isDirectory) out.push(...await dirsUnder(join(root, e.name)));
  }
  return out;
}

/** What the status API answers about every run under `runsDir`. */
async function apiTexts(runsDir: string, runs: string[]): Promise<string> {
  const app = createApp({ runsDir });
  let all = "";
  const paths = ["/api/runs"];
  for (const r of runs) {
    for (
      const tail of ["", "/rounds", "/rounds/1", "/candidates/1/0", "/pareto", "/ledger", "/usage"]
    ) {
      paths.push(`/api/runs/${r}${tail}`);
    }
  }
  for (const p of paths) {
    const res = await app.request(p);
    assert.equal(res.status, 200, p);
    all += await res.text();
  }
  return all;
}

Deno.test("an xBench search killed with SIGKILL resumes byte-identical and leaves no plaintext", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem-web-search-kill-" });
  try {
    const port = freePort();
    const files = await writeFixtureTaskFiles(join(dir, "data"), `http://127.0.0.1:${port}/`);
    const args = (name: string) =>
      searchArgs(name, "runs", "xBench-DeepSearch", files.xbench, port, 1);
    const dec = (b: Uint8Array) => new TextDecoder().decode(b);
    const ref = await child(dir, args("ref")).output();
    assert.equal(ref.code, 0, dec(ref.stderr));
    const total = await lineCount(join(dir, "runs", "ref", "events.jsonl"));
    // Killed in the round, so the resume reopens the sealed pools the warm-up wrote.
    const events = join(dir, "runs", "k", "events.jsonl");
    const proc = child(dir, args("k")).spawn();
    const inRound = async () =>
      (await Deno.readTextFile(events).catch(() => "")).includes('"type":"round_started"');
    while (!(await inRound())) await new Promise((r) => setTimeout(r, 5));
    proc.kill("SIGKILL");
    const killed = await proc.output();
    assert.equal(killed.signal, "SIGKILL");
    assert.ok((await lineCount(events)) < total, "the run was killed before it finished");
    const resumed = await child(dir, [...args("k"), "--resume"]).output();
    assert.equal(resumed.code, 0, dec(resumed.stderr));
    const a = await artifacts(join(dir, "runs", "ref"));
    const b = await artifacts(join(dir, "runs", "k"));
    assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort());
    for (const [file, text] of a) assert.equal(b.get(file), text, file);
    await assert.rejects(
      Deno.stat(join(dir, "runs", "k", ".run_active.lock")),
      Deno.errors.NotFound,
    );
    assert.match(a.get("canonical/pool.json")!, /^\{"sealed":/, "the memory pool is sealed");
    // The store the kill interrupted worked in a RAM temp folder named by its path; the resume
    // redid that work and removed it, so no store folder of either run is left anywhere.
    for (const run of ["ref", "k"]) {
      for (const d of await dirsUnder(join(dir, "runs", run))) {
        for (const leaf of ["store", "maintenance"]) {
          const name = "automem-protected-" + sha256Hex(join(d, leaf)).slice(0, 24);
          for (const base of ["/dev/shm", tmpdir()]) {
            await assert.rejects(Deno.stat(join(base, name)), Deno.errors.NotFound, join(d, leaf));
          }
        }
      }
    }

    // The run report (Markdown and HTML) is written into the run directory too.
    for (const format of ["md", "html"]) {
      const rio = captureIo({ cwd: dir, env: {} });
      const rcode = await runCli(
        ["report", join(dir, "runs", "k"), "--format", format],
        rio,
        [reportCommand],
      );
      assert.equal(rcode, 0, rio.err.join(""));
    }
    // Nothing decrypted anywhere: run dirs, reports, caches, the console, the status API.
    const written = (await textsUnder(join(dir, "runs"))) +
      (await textsUnder(join(dir, "cache"))) + (await textsUnder(join(dir, ".automem"))) +
      [ref, killed, resumed].map((o) => dec(o.stdout) + dec(o.stderr)).join("") +
      (await apiTexts(join(dir, "runs"), ["ref", "k"]));
    assertNoTaskText(written, FIXTURE_TASKS);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
