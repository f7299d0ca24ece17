import assert from "node:assert/strict";
import { isAutomemError } from "../core/automem_error.ts";
import { type RunSummary, SummarySchema } from "./artifacts.ts";
import { loadWinner } from "./load_winner.ts";

const SPEC = {
  schema_version: "1",
  encode: ["tip"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
} as const;

/** A valid `summary.json` of a finished search (or one without a winner). */
export function summaryFixture(winner: boolean): RunSummary {
  return SummarySchema.parse({
    status: winner ? "finished" : "failed",
    winner: {
      architecture: winner ? SPEC : null,
      fingerprint: winner ? "0123456789abcdef" : null,
      validation_score: winner ? 0.61 : null,
      test_score: winner ? 0.58 : null,
    },
    baseline: { search_score: 0.4, validation_score: 0.41, test_score: 0.42 },
    rounds: 3,
    evaluations: 12,
    usage: { tokens: 0, cost_usd: 0 },
    synthetic: true,
  });
}

Deno.test("loadWinner reads the winning spec and scores from summary.json", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/summary.json`, JSON.stringify(summaryFixture(true)));
    const w = await loadWinner(dir);
    assert.deepEqual(w.spec, SPEC);
    assert.equal(w.fingerprint, "0123456789abcdef");
    assert.equal(w.testScore, 0.58);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadWinner names the file and reason when there is no winner", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const missing = await loadWinner(dir).catch((e) => e);
    assert.ok(isAutomemError(missing, "run_missing"));
    assert.match(missing.message, /summary\.json/);
    await Deno.writeTextFile(`${dir}/summary.json`, JSON.stringify(summaryFixture(false)));
    const none = await loadWinner(dir).catch((e) => e);
    assert.ok(isAutomemError(none, "no_winner"), String(none));
    await Deno.writeTextFile(`${dir}/summary.json`, "{");
    assert.ok(isAutomemError(await loadWinner(dir).catch((e) => e), "corrupt_state"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
