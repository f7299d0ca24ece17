import assert from "node:assert/strict";
import { join, relative } from "node:path";

const ROOT = new URL("../", import.meta.url).pathname;
const SKIP = new Set([".git", ".tools", "node_modules", "runs", "docs", "examples", "tests"]);
/** Longest function body, in lines, that product code may have. */
const LIMIT = 100;
/**
 * Functions still over the limit, with their length when this list was written: each is to be
 * split into named steps (as `runEvolve` and `selectRound` were). An entry may only shrink; the
 * test fails when one grows, when one drops under the limit (take it off), or when any other
 * function passes the limit.
 */
const KNOWN: Record<string, number> = {
  "stores/store_conformance.ts storeConformance": 206,
  "bench/locomo/benchmark.ts createLocomoBenchmark": 181,
  "retrieval/graph.ts createGraphRetriever": 132,
  "search/fgmd/diagnose.ts diagnoseCandidate": 129,
  "retrieval/contrastive.ts createContrastiveRetriever": 128,
  "stores/store_conformance_persist.ts persistenceConformance": 123,
  "server/app.ts createApp": 123,
  "scaffold/export/export_data.ts exportData": 120,
  "search/fgmd/rules.ts attributeTask": 118,
  "server/progress_state.ts applyEvent": 113,
  "scaffold/rules_proposer.ts candidateChanges": 109,
  "memory/trajectory_io/hotpot_reflexion.ts parseReflexionHotpotLog": 106,
  "report/winner_section.ts winnerSection": 105,
  "memory/trajectory_io/locomo.ts parseLocomo": 105,
  "bench/world/benchmark.ts createWorldBenchmark": 105,
  "search/queue/executor.ts queueExecutor": 101,
  "scaffold/game_benchmark.ts createGameBenchmark": 103,
};
const KEYWORDS = new Set(["if", "for", "while", "switch", "catch", "return", "await"]);
const START = new RegExp(
  String.raw`^(\s*)(?:export\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|` +
    String.raw`(?:(?:static|private|protected|public|override|readonly|get|set|async)\s+|\*)*` +
    String.raw`(#?\w+)\s*(?:<[^>]*>)?\(|(?:const|let)\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?` +
    String.raw`(?:\([^)]*\)|\w+)?\s*(?::\s*[^=]+)?=>|(\w+):\s*(?:async\s*)?\()`,
);

/**
 * The functions of `text` longer than `limit` lines, as `name → lines`. The code is deno-fmt
 * formatted, so a function that starts at some indentation ends at the first later line at the
 * same indentation that closes it (`}` or `)`).
 */
function longFunctions(text: string, limit: number): Map<string, number> {
  const lines = text.split("\n");
  const out = new Map<string, number>();
  lines.forEach((line, i) => {
    const m = START.exec(line);
    const name = m?.slice(2).find((g) => g);
    if (!m || !name || KEYWORDS.has(name) || /[;,]\s*$/.test(line) || /\bclass\s/.test(line)) {
      return;
    }
    const indent = m[1];
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j];
      const own = l.length - l.trimStart().length;
      if (own === indent.length && /^[})]/.test(l.trimStart())) {
        if (j - i + 1 > limit) out.set(name, j - i + 1);
        return;
      }
      if (l.trim() !== "" && own < indent.length) return;
    }
  });
  return out;
}

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory && !SKIP.has(e.name) && e.name !== "testing") yield* productFiles(path);
    else if (e.isFile && /\.ts$/.test(e.name) && !/_(test|bench)\.ts$/.test(e.name)) yield path;
  }
}

Deno.test("no product function passes 100 lines, and the known long ones only shrink", async () => {
  const found: Record<string, number> = {};
  for await (const file of productFiles(ROOT)) {
    const rel = relative(ROOT, file);
    for (const [name, n] of longFunctions(await Deno.readTextFile(file), LIMIT)) {
      found[`${rel} ${name}`] = n;
    }
  }
  const grown = Object.entries(found).filter(([k, n]) => !(k in KNOWN) || n > KNOWN[k]);
  assert.deepEqual(grown, [], "new or grown functions over the limit");
  const gone = Object.keys(KNOWN).filter((k) => !(k in found));
  assert.deepEqual(gone, [], "now under the limit: take them off KNOWN");
});

Deno.test("the length check measures block functions, methods and arrows, and skips one-liners", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `    step${i}();`).join("\n");
  const text = [
    "export async function long(a: number) {",
    body(5),
    "}",
    "const arrow = async (x: string) => {",
    body(3),
    "};",
    "class C {",
    "  method(y: number): void {",
    body(4),
    "  }",
    "}",
    "const oneLine = (x: number) => x + 1;",
  ].join("\n");
  assert.deepEqual(
    [...longFunctions(text, 4)],
    [["long", 7], ["arrow", 5], ["method", 6]],
  );
  assert.deepEqual([...longFunctions(text, 100)], []);
});
