/**
 * The fixture web's tasks in the three benchmark shapes, for offline runs and tests: a GAIA JSONL
 * (PDF attachments copied beside it), a WebWalkerQA JSONL (start URLs on the fixture web) and an
 * xBench CSV whose rows are encrypted the way the real dataset is (XOR with a per-row canary,
 * base64). URLs point at the fixture web on `baseUrl`, so files and server must agree on the port.
 * The offline agent finds its task's facts by the question text.
 *
 * @module
 */
import { basename, join } from "node:path";
import { writeFileAtomic } from "../../core/atomic_write.ts";
import { FIXTURE_TASKS, type FixtureTask, fixtureUrl } from "../web/fixture_tasks.ts";
import { fixturePages } from "../web/fixture_web.ts";
import type { OfflineKnowledge } from "../agent/offline_agent.ts";
import { xbenchEncrypt } from "../xbench/cipher.ts";
import { formatCsvRows } from "../xbench/csv_rows.ts";
import { XBENCH_COLUMNS } from "../xbench/loader.ts";

/** Paths of the written files. */
export interface FixtureFiles {
  gaia: string;
  webwalker: string;
  xbench: string;
}

/** The deterministic canary of a fixture row (the real dataset ships one per row too). */
export function fixtureCanary(task: FixtureTask): string {
  return `automem-fixture-canary:${task.id}`;
}

/** Writes the three files (and GAIA's attachments) into `dir`; returns their paths. */
export async function writeFixtureTaskFiles(dir: string, baseUrl: string): Promise<FixtureFiles> {
  const pages = new Map((await fixturePages()).map((p) => [p.path, p]));
  await Deno.mkdir(join(dir, "attachments"), { recursive: true });
  const gaia: string[] = [];
  for (const t of FIXTURE_TASKS) {
    let file = "";
    if (t.attachmentPath) {
      const page = pages.get(t.attachmentPath);
      if (!page) throw new RangeError(`fixture page ${t.attachmentPath} does not exist`);
      file = `attachments/${basename(t.attachmentPath)}`;
      await writeFileAtomic(join(dir, file), page.body);
    }
    gaia.push(JSON.stringify({
      task_id: t.id,
      Question: t.question,
      Level: t.level,
      "Final answer": t.answer,
      file_name: file,
    }));
  }
  const webwalker = FIXTURE_TASKS.map((t) =>
    JSON.stringify({
      question: t.question,
      answer: t.answer,
      root_url: fixtureUrl(baseUrl, t.rootPath),
      info: {
        domain: "fixture",
        difficulty_level: t.difficulty,
        lang: "en",
        type: t.sourceType,
        source_website: [baseUrl],
        golden_path: t.evidencePaths.map((p) => fixtureUrl(baseUrl, p)),
      },
    })
  );
  const xbench = formatCsvRows(
    XBENCH_COLUMNS,
    FIXTURE_TASKS.map((t, i) => [
      String(i + 1),
      xbenchEncrypt(t.question, fixtureCanary(t)),
      xbenchEncrypt(t.answer, fixtureCanary(t)),
      "",
      fixtureCanary(t),
    ]),
  );
  const out: FixtureFiles = {
    gaia: join(dir, "gaia_fixture.jsonl"),
    webwalker: join(dir, "webwalkerqa_fixture.jsonl"),
    xbench: join(dir, "xbench_fixture.csv"),
  };
  await writeFileAtomic(out.gaia, gaia.join("\n") + "\n");
  await writeFileAtomic(out.webwalker, webwalker.join("\n") + "\n");
  await writeFileAtomic(out.xbench, xbench);
  return out;
}

/** What the offline agent knows about the fixture task with this question, if it is one. */
export function fixtureKnowledge(question: string, origin: string): OfflineKnowledge | undefined {
  const t = FIXTURE_TASKS.find((f) => f.question === question.trim());
  return t ? { facts: t.facts, answer: t.answer, origin } : undefined;
}
