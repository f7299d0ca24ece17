/**
 * The README says what the code does: each test reads the README's claim and checks the
 * behaviour it describes, so either side drifting fails here.
 */
import assert from "node:assert/strict";
import { searchEngineFlags } from "../cli/search_commands.ts";
import { captureIo } from "../cli/testing_io.ts";
import { COMMANDS } from "../cli/commands.ts";
import { ConfigError, loadConfig } from "../core/config.ts";
import { UsageRecordSchema } from "../core/usage.ts";
import { parseSearchConfig } from "../search/config.ts";
import { initialState } from "../search/engine_state.ts";
import { stopReason } from "../search/stop_rules.ts";
import type { RunContext } from "../search/protocol/stage.ts";
import { RunDir } from "../run_dir/run_dir.ts";

const ROOT = new URL("../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));

/** The README table row whose first cell starts with `start`. */
function row(start: string): string {
  const line = README.split("\n").find((l) => l.startsWith(`| ${start}`));
  assert.ok(line, `README has a row for ${start}`);
  return line;
}

Deno.test("AUTOMEM_PRICES is a file path, as the README says, holding the documented table", async () => {
  const line = row("`AUTOMEM_PRICES`");
  assert.match(line, /path/);
  const example = JSON.parse(line.match(/`(\{.*\})`/)![1]);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/prices.json`, JSON.stringify(example));
    const config = loadConfig({ env: { AUTOMEM_PRICES: "prices.json" }, cwd: dir });
    assert.deepEqual(config.prices, example);
    assert.throws(
      () => loadConfig({ env: { AUTOMEM_PRICES: JSON.stringify(example) }, cwd: dir }),
      ConfigError,
      "inline JSON is not accepted",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SEARCH_MODEL in the environment makes the LLM proposer the default, like --search_model", () => {
  assert.match(row("`--proposer"), /`--search_model` or `SEARCH_MODEL`/);
  const proposer = (flags: Record<string, unknown>, env: Record<string, string>) => {
    const parsed = parseSearchConfig(
      searchEngineFlags({ run_name: "r", ...flags }, captureIo({ env })),
    );
    assert.ok(parsed.ok, JSON.stringify(parsed));
    return parsed.value.proposer;
  };
  assert.equal(proposer({}, {}), "rules");
  assert.equal(proposer({}, { SEARCH_MODEL: "gpt-x" }), "llm");
  assert.equal(proposer({ search_model: "gpt-x" }, {}), "llm");
  assert.equal(proposer({}, { SEARCH_MODEL: "gpt-x", DEFAULT_MODEL: "y" }), "llm");
  assert.equal(
    proposer({}, { DEFAULT_MODEL: "y" }),
    "rules",
    "a default model names no search model",
  );
});

Deno.test("usage.json's roles in the README are the roles the code records", () => {
  const roles = row("`usage.json`").match(/per role \(([^)]*)\)/)![1].split(", ").sort();
  assert.deepEqual(roles, [...UsageRecordSchema.shape.role.options].sort());
});

Deno.test("every CLI flag named in the configuration module's comments exists", async () => {
  const text = await Deno.readTextFile(new URL("core/config.ts", ROOT));
  const named = [...new Set([...text.matchAll(/`--([a-z][a-z_-]*)`/g)].map((m) => m[1]))];
  const loaded = await Promise.all(COMMANDS.map((c) => c.load()));
  const known = new Set(loaded.flatMap((c) => c.flags.map((f) => f.name)));
  assert.ok(named.length >= 3, `found ${named}`);
  assert.deepEqual(named.filter((f) => !known.has(f)), []);
});

Deno.test("budget stops apply from round 2, as the README says", async () => {
  assert.match(row("`--max_tokens`"), /from round 2/);
  const dir = await Deno.makeTempDir();
  try {
    const parsed = parseSearchConfig({ run_name: "r", max_tokens: 10, max_rounds: 5 });
    assert.ok(parsed.ok);
    const state = initialState(parsed.value);
    state.usage_by_stage = {
      round_1: { task: { calls: 1, prompt_tokens: 100, completion_tokens: 5, cost_usd: 0 } },
    };
    const ctx = { config: parsed.value, dir: new RunDir(dir) } as unknown as RunContext;
    assert.equal(await stopReason(ctx, 1, state, () => 0), null, "round 1 always runs");
    assert.equal(await stopReason(ctx, 2, state, () => 0), "max_tokens");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
