import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { parseSearchConfig } from "../search/config.ts";
import { runSearchWith } from "../search/engine.ts";
import { defaultServices } from "../search/services.ts";
import { SMALL_SEARCH_FLAGS } from "../search/testing/small_search.ts";

function config(out: string, name: string, resume = false) {
  const cfg = parseSearchConfig({
    run_name: name,
    output_dir: out,
    resume,
    benchmark: "tiny",
    dry_run: true,
    max_steps: 12,
    max_rounds: 1,
    ...SMALL_SEARCH_FLAGS,
  });
  if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
  return cfg.value;
}

const deps = () => ({ models: {}, embedder: new HashEmbedder(), clock: logicalClock() });

Deno.test("search --benchmark tiny: a dry run over game episodes (one episode per task) finishes and resumes", async () => {
  const out = await Deno.makeTempDir();
  try {
    const ref = await runSearchWith(config(out, "ref"), deps(), defaultServices);
    assert.equal(ref.status, "finished");
    const before = await Deno.readTextFile(join(out, "ref", "summary.json"));
    // Resuming a finished run changes nothing.
    const again = await runSearchWith(config(out, "ref", true), deps(), defaultServices);
    assert.equal(again.status, "finished");
    assert.equal(await Deno.readTextFile(join(out, "ref", "summary.json")), before);
    const protocol = JSON.parse(await Deno.readTextFile(join(out, "ref", "eval_protocol.json")));
    assert.equal(protocol.components.flags.benchmark, "tiny");
    const episodes = [...Deno.readDirSync(join(out, "ref", "baseline", "tasks"))].map((e) =>
      e.name
    );
    assert.ok(
      episodes.length > 0 && episodes.every((n) => /^tiny-\d+\.json$/.test(n)),
      episodes.join(","),
    );
    const one = JSON.parse(
      await Deno.readTextFile(join(out, "ref", "baseline", "tasks", episodes[0])),
    );
    assert.equal(one.steps, 12);
    assert.ok("unproductive_rate" in one.metrics);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
