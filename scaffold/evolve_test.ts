import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { runEvolve } from "./evolve.ts";
import type { EvolveConfig } from "./evolve_store.ts";
import { candidateChanges, isStructural } from "./rules_proposer.ts";
import { v0Scaffold } from "./v0.ts";

const config = (over: Partial<EvolveConfig> = {}): EvolveConfig => ({
  env: "tiny",
  seeds: [42, 43],
  heldout_seeds: [100],
  iterations: 1,
  attempts: 2,
  continuations: 1,
  max_steps: 60,
  proposer: "rules",
  persist_memory: false,
  start: v0Scaffold("tiny"),
  ...over,
});

Deno.test("the rules proposer reads trace statistics: duplicate keyed lines, big files, stuck play, unread writes", () => {
  const stats = {
    episodes: 1,
    steps: 100,
    stuck_steps: 10,
    oscillating_steps: 10,
    invalid_actions: 0,
    budget_cut_steps: 0,
    max_zero_streak: 100,
    writes: 100,
    unconsulted_writes: 100,
    files: {
      "dungeon_map.txt": {
        final_lines: 90,
        writes: 90,
        redundant_writes: 30,
        unconsulted_writes: 90,
        repeated_keys: 40,
        key_shape: "d<n>(<n>,<n>)",
      },
      "actions_log.txt": {
        final_lines: 99,
        writes: 99,
        redundant_writes: 0,
        unconsulted_writes: 99,
        repeated_keys: 0,
        key_shape: null,
      },
    },
  };
  const ids = candidateChanges(v0Scaffold("tiny"), stats).map((c) => c.id);
  assert.equal(ids[0], "keyed:dungeon_map.txt");
  for (
    const id of [
      "prune:actions_log.txt",
      "sensor:position_visits",
      "sensor:stuck_counter",
      "consult_before_write",
    ]
  ) {
    assert.ok(ids.includes(id), id);
  }
  assert.ok(!ids.includes("prune:dungeon_map.txt") || ids.indexOf("prune:dungeon_map.txt") > 0);
  const keyed = candidateChanges(v0Scaffold("tiny"), stats)[0].apply(v0Scaffold("tiny"));
  assert.ok(
    new RegExp(keyed.files.find((f) => f.name === "dungeon_map.txt")!.key_pattern!).test(
      "d2(13,7)",
    ),
  );
  assert.ok(isStructural(v0Scaffold("tiny"), keyed));
  assert.ok(!isStructural(v0Scaffold("tiny"), { ...v0Scaffold("tiny"), log_rules: ["be brief"] }));
});

Deno.test("the rules proposer raises the context budget first when most prompts were cut by it", () => {
  const spec = v0Scaffold("tiny");
  const base = {
    episodes: 1,
    steps: 100,
    stuck_steps: 0,
    oscillating_steps: 0,
    invalid_actions: 0,
    budget_cut_steps: 80,
    max_zero_streak: 0,
    writes: 0,
    unconsulted_writes: 0,
    files: {},
  };
  const cut = candidateChanges(spec, base);
  assert.equal(cut[0].id, `budget:${spec.context_budget_chars * 4}`);
  assert.equal(cut[0].apply(spec).context_budget_chars, spec.context_budget_chars * 4);
  assert.ok(isStructural(spec, cut[0].apply(spec)));
  const few = candidateChanges(spec, { ...base, budget_cut_steps: 10 }).map((c) => c.id);
  assert.ok(!few.some((id) => id.startsWith("budget:")));
  const big = { ...spec, context_budget_chars: 32000 };
  assert.ok(!candidateChanges(big, base).some((c) => c.id.startsWith("budget:")));
});

Deno.test("offline evolution accepts only strict improvements and reports search and held-out comparisons", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const s = await runEvolve({
      outputDir: dir,
      runName: "r",
      resume: false,
      forceNew: false,
      config: config(),
      clock: logicalClock(),
    });
    for (const h of s.history) {
      if (h.score !== null) assert.equal(h.accepted, h.score > h.baseline);
      assert.ok(h.changes.length > 0 || h.reason !== "");
    }
    assert.equal(s.search.paired.seeds, 2);
    assert.equal(s.heldout?.paired.seeds, 1);
    const report = await Deno.readTextFile(`${dir}/r/report.md`);
    assert.match(report, /## Held-out seeds \(never used for a decision\)/);
    const final = JSON.parse(await Deno.readTextFile(`${dir}/r/final_scaffold.json`));
    assert.equal(final.env, "tiny");
    // Same configuration again: a new run refuses the existing directory.
    await assert.rejects(
      () =>
        runEvolve({
          outputDir: dir,
          runName: "r",
          resume: false,
          forceNew: false,
          config: config(),
          clock: logicalClock(),
        }),
      /already exists|finished/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SEARCH-role model proposes a full spec; invalid or wording-only replies fail the attempt", async () => {
  const v0 = v0Scaffold("tiny");
  const good = {
    analysis: "agent oscillates",
    description: "add a visits sensor",
    spec: { ...v0, sensors: ["position_visits"] },
  };
  const wordingOnly = { analysis: "", description: "", spec: { ...v0, log_rules: ["be brief"] } };
  const invalid = { analysis: "", description: "", spec: { ...v0, sensors: ["telepathy"] } };
  const model = new ScriptedModel({
    replies: [JSON.stringify(wordingOnly), JSON.stringify(invalid), JSON.stringify(good)],
  });
  const dir = await Deno.makeTempDir();
  try {
    const s = await runEvolve({
      outputDir: dir,
      runName: "m",
      resume: false,
      forceNew: false,
      config: config({ proposer: "model", attempts: 3, continuations: 0, heldout_seeds: [] }),
      clock: logicalClock(),
      searchModel: model,
    });
    assert.match(s.history[0].reason, /not a structural change/);
    assert.match(s.history[1].reason, /invalid spec at sensors/);
    assert.equal(s.history[2].changes[0], "model");
    assert.notEqual(s.history[2].score, null);
    assert.match(model.calls[0].messages[0].content, /"fallback_action": "search"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
