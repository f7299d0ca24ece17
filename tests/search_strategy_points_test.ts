import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { SearchStateSchema } from "../search/artifacts.ts";
import { parseSearchConfig } from "../search/config.ts";
import { RandomProposer } from "../search/egas/random_proposer.ts";
import { runSearchWith } from "../search/engine.ts";
import type { RunEvent } from "../search/events.ts";
import { configuredProposer, type ProposerFactory } from "../search/protocol/proposals.ts";
import { readArtifact } from "../run_dir/run_dir.ts";
import { DEFAULT_STOP_RULES, type StopRule } from "../search/stop_rules.ts";
import { createFakeBenchmark } from "../search/testing/fake_benchmark.ts";
import { fakeServices } from "../search/testing/fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

Deno.test("an injected proposer factory and stop rule steer the search without engine changes", async () => {
  const out = await Deno.makeTempDir({ prefix: "automem_strategy_" });
  try {
    const parsed = parseSearchConfig({
      run_name: "run",
      output_dir: out,
      ...SMALL_SEARCH_FLAGS,
      max_rounds: 4,
    });
    assert.ok(parsed.ok);
    const rounds: number[] = [];
    // The configured proposer is rules; the factory swaps in seeded random search.
    const proposerFactory: ProposerFactory = (ctx, ledger, template) => {
      rounds.push(rounds.length + 1);
      return ctx.config.proposer === "rules"
        ? new RandomProposer()
        : configuredProposer(ctx, ledger, template);
    };
    const twoRounds: StopRule = ({ round }) => round > 2 ? "rule:two_rounds" : null;
    const events: RunEvent[] = [];
    const summary = await runSearchWith(parsed.value, {
      models: {},
      embedder: new HashEmbedder(64),
      clock: logicalClock(),
      proposerFactory,
      stopRules: [...DEFAULT_STOP_RULES, twoRounds],
      onEvent: (e) => events.push(e),
    }, fakeServices(createFakeBenchmark({ n: 20, families: 4 })));
    assert.equal(summary.status, "finished");
    assert.equal(summary.rounds, 2, "the injected rule stopped the search before round 3");
    assert.deepEqual(rounds, [1, 2], "the factory built each round's proposer");
    const kinds = events.flatMap((e) => e.type === "proposals_ready" ? [e.proposer] : []);
    assert.deepEqual(kinds, ["random", "random"]);
    const finished = events.find((e) => e.type === "run_finished");
    assert.equal(
      finished?.type === "run_finished" ? finished.stop_reason : null,
      "rule:two_rounds",
    );
    const state = await readArtifact(join(out, "run", "search_state.json"), SearchStateSchema);
    assert.equal(state?.stop_reason, "rule:two_rounds");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
