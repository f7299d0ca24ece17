import assert from "node:assert/strict";
import { join } from "node:path";
import { nethackAvailable } from "../bench/games/env_registry.ts";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { defaultServices } from "../search/services.ts";
import { MINIMAL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

/** A bounded split: 1 warm-up, 2 search, 1 validation and 1 test episode of 6 steps each. */
function config(out: string, name: string, resume = false) {
  const cfg = parseSearchConfig({
    run_name: name,
    output_dir: out,
    resume,
    benchmark: "nethack",
    dry_run: true,
    max_steps: 6,
    max_rounds: 1,
    ...MINIMAL_SEARCH_FLAGS,
  });
  if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
  return cfg.value;
}

const deps = () => ({ models: {}, embedder: new HashEmbedder(), clock: logicalClock() });

const probe = nethackAvailable();
Deno.test({
  name: probe.ok
    ? "search --benchmark nethack: a dry run over a small split of real games finishes and resumes unchanged"
    : `SKIPPED (${probe.reason}): search --benchmark nethack dry run`,
  ignore: !probe.ok,
}, async () => {
  const out = await Deno.makeTempDir();
  try {
    const ref = await runSearchWith(config(out, "nh"), deps(), defaultServices);
    assert.equal(ref.status, "finished");
    const before = await Deno.readTextFile(join(out, "nh", "summary.json"));
    const again = await runSearchWith(config(out, "nh", true), deps(), defaultServices);
    assert.equal(again.status, "finished");
    assert.equal(await Deno.readTextFile(join(out, "nh", "summary.json")), before);
    const episodes = [...Deno.readDirSync(join(out, "nh", "baseline", "tasks"))].map((e) => e.name);
    assert.ok(
      episodes.length > 0 && episodes.every((n) => /^nethack-\d+\.json$/.test(n)),
      episodes.join(","),
    );
    const one = JSON.parse(
      await Deno.readTextFile(join(out, "nh", "baseline", "tasks", episodes[0])),
    );
    assert.equal(one.steps, 6);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
