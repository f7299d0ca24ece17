import assert from "node:assert/strict";
import { join } from "node:path";
import { ScriptedModel } from "../core/scripted_model.ts";
import {
  fakeCrawlTool,
  fakeSearchTool,
  offlineToolContext,
} from "../bench/agent/testing/fake_tools.ts";
import type { WebToolkit } from "../bench/web_bench/toolkit.ts";
import { xbenchEncrypt } from "../bench/xbench/cipher.ts";
import { formatCsvRows } from "../bench/xbench/csv_rows.ts";
import { XBENCH_COLUMNS } from "../bench/xbench/loader.ts";
import { runCli } from "./run_cli.ts";
import { makeRunCommand } from "./run_command.ts";
import { captureIo } from "./testing_io.ts";

const act = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ think: "", tools: [{ name, arguments: args }] });

/** An offline "agent" that answers each task with the text after `answer:` in its question. */
function toolkitWith(log: string[]): WebToolkit {
  return {
    tools: () => [fakeSearchTool([]), fakeCrawlTool([])],
    context: offlineToolContext(),
    offlineModel: (task) =>
      new ScriptedModel({
        rules: [
          (r) => {
            log.push(task.id);
            if (r.purpose === "agent_plan") return "plan";
            const answer = /answer: (\S+)/.exec(task.question)?.[1] ?? "?";
            return act("final_answer", { answer });
          },
        ],
      }),
  };
}

function gaiaFile(): string {
  return [
    { Question: "q1 answer: 7", "Final answer": "7", task_id: "a", Level: 1 },
    { Question: "q2 answer: 8", "Final answer": "9", task_id: "b", Level: 2 },
    { Question: "q3 answer: x", "Final answer": "x", task_id: "c", Level: 3 },
  ].map((r) => JSON.stringify({ file_name: "", ...r })).join("\n");
}

async function run(dir: string, log: string[], ...extra: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(
    ["run", "--benchmark", "gaia", "--infile", "tasks.jsonl", "--output_dir", "out", ...extra],
    io,
    [makeRunCommand(() => Promise.resolve(toolkitWith(log)))],
  );
  return { code, out: io.out.join(""), err: io.err.join("") };
}

Deno.test("automem run writes per-task files, JSONL and a report, and resumes only what is missing", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "tasks.jsonl"), gaiaFile());
    const log: string[] = [];
    const first = await run(dir, log);
    assert.equal(first.code, 0, first.err);
    assert.match(first.out, /GAIA: 2\/3 correct, accuracy 0\.667/);
    assert.match(first.err, /\[3\/3\] item 3: correct/);
    const lines = (await Deno.readTextFile(join(dir, "out/results.jsonl"))).trim().split("\n");
    assert.deepEqual(lines.map((l) => JSON.parse(l).item_index), [1, 2, 3]);
    const two = JSON.parse(await Deno.readTextFile(join(dir, "out/tasks/2.json")));
    assert.deepEqual([two.status, two.judge_unjudged, two.task_score], ["success", false, 0]);
    assert.equal(await Deno.readTextFile(join(dir, "out/report.txt")), first.out);
    // A corrupt file and a missing one are re-run; valid ones are kept.
    await Deno.writeTextFile(join(dir, "out/tasks/2.json"), "{not json");
    await Deno.remove(join(dir, "out/tasks/3.json"));
    log.length = 0;
    const second = await run(dir, log);
    assert.equal(second.code, 0);
    assert.deepEqual([...new Set(log)], ["b", "c"]);
    assert.match(second.err, /item 1: valid result kept/);
    assert.equal(second.out, first.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--task_indices, --sample_num and --scorer are checked; bad values are usage errors", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "tasks.jsonl"), gaiaFile());
    const log: string[] = [];
    const r = await run(dir, log, "--task_indices", "1,3", "--sample_num", "1");
    assert.equal(r.code, 0);
    assert.deepEqual([...new Set(log)], ["a"]);
    const bad = await run(dir, log, "--task_indices", "2-5");
    assert.equal(bad.code, 2);
    assert.match(bad.err, /no task at item 4, 5/);
    const level = await run(dir, [], "--level", "2", "--output_dir", "lv");
    assert.match(level.out, /0\/1 correct/);
    assert.match(level.out, /official metric: 0\/1 correct/);
    const noJudge = await run(dir, [], "--scorer", "judge", "--output_dir", "j");
    assert.equal(noJudge.code, 2);
    assert.match(noJudge.err, /--scorer judge needs a judge model/);
    assert.equal((await run(dir, [], "--scorer", "lenient")).code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a run that leaves tasks unjudged exits 1 and says which items are missing", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "tasks.jsonl"), gaiaFile());
    const io = captureIo({ cwd: dir });
    const noAgent: WebToolkit = { tools: () => [], context: offlineToolContext() };
    const code = await runCli(
      ["run", "--benchmark", "GAIA", "--infile", "tasks.jsonl", "--output_dir", "o"],
      io,
      [makeRunCommand(() => Promise.resolve(noAgent))],
    );
    assert.equal(code, 1);
    assert.match(io.out.join(""), /INCOMPLETE: no valid result for item\(s\) 1, 2, 3/);
    const bad = captureIo({ cwd: dir });
    await Deno.writeTextFile(join(dir, "bad.jsonl"), '{"Question": 3}');
    const c2 = await runCli(
      ["run", "--benchmark", "GAIA", "--infile", "bad.jsonl"],
      bad,
      [makeRunCommand(() => Promise.resolve(noAgent))],
    );
    assert.equal(c2, 1);
    assert.match(bad.err.join(""), /bad\.jsonl: line 1, field 'Question'/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function allText(dir: string): Promise<string> {
  let text = "";
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) text += await allText(p);
    else if (e.isFile) text += await Deno.readTextFile(p);
  }
  return text;
}

Deno.test("after an xBench run no decrypted question or answer is anywhere on disk or in output", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const secrets = [["第一题的秘密问题 answer: 秘密答案甲", "秘密答案甲"], [
      "第二题 answer: 乙",
      "丙丙丙",
    ]];
    await Deno.writeTextFile(
      join(dir, "x.csv"),
      formatCsvRows(
        XBENCH_COLUMNS,
        secrets.map((
          [q, a],
          i,
        ) => [String(i + 1), xbenchEncrypt(q, "k"), xbenchEncrypt(a, "k"), "", "k"]),
      ),
    );
    const io = captureIo({ cwd: dir });
    const code = await runCli(
      ["run", "--benchmark", "xbench", "--infile", "x.csv", "--output_dir", "out"],
      io,
      [makeRunCommand(() => Promise.resolve(toolkitWith([])))],
    );
    assert.equal(code, 0, io.err.join(""));
    assert.match(io.out.join(""), /1\/2 correct/);
    const everything = (await allText(join(dir, "out"))) + io.out.join("") + io.err.join("");
    for (const s of secrets.flat().flatMap((t) => t.split(" answer: "))) {
      assert.ok(!everything.includes(s), "a decrypted string leaked");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
