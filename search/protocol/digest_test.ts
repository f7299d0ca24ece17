import assert from "node:assert/strict";
import { buildProtocol, diffProtocol, type ProtocolComponents } from "./digest.ts";

const base: ProtocolComponents = {
  models: { task: null, search: "gpt-a" },
  prompts: { architecture_search: "aa" },
  dataset_hash: "d1",
  split: "s1",
  seed: 1,
  code_version: "v1",
  runtime_policy: "p1",
  flags: { max_rounds: 2 },
};

Deno.test("the digest changes with every component and not with recorded settings", () => {
  const d0 = buildProtocol(base, { parallel: 1 }).digest;
  assert.equal(buildProtocol(base, { parallel: 8 }).digest, d0);
  const variants: Partial<ProtocolComponents>[] = [
    { models: { task: null, search: "gpt-b" } },
    { prompts: { architecture_search: "ab" } },
    { dataset_hash: "d2" },
    { split: "s2" },
    { seed: 2 },
    { code_version: "v2" },
    { runtime_policy: "p2" },
    { flags: { max_rounds: 3 } },
  ];
  for (const v of variants) {
    assert.notEqual(buildProtocol({ ...base, ...v }, {}).digest, d0, JSON.stringify(v));
  }
  assert.equal(d0.length, 24);
});

Deno.test("a protocol diff says what changed", () => {
  const a = buildProtocol(base, {});
  const b = buildProtocol({
    ...base,
    models: { task: null, search: "gpt-b" },
    seed: 7,
    split: "s9",
    prompts: { architecture_search: "zz" },
  }, {});
  assert.deepEqual(diffProtocol(a, b), [
    "models.search: gpt-a → gpt-b",
    "prompts.architecture_search changed",
    "seed: 1 → 7",
    "split changed",
  ]);
});
