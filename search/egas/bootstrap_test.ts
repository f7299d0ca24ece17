import assert from "node:assert/strict";
import { fingerprint } from "../../core/spec.ts";
import { proposalContext, spec } from "../testing/specs.ts";
import {
  BOOTSTRAP,
  bootstrapList,
  bootstrapText,
  defaultBootstrap,
  parseBootstrap,
  withBootstrap,
} from "./bootstrap.ts";
import { RandomProposer } from "./random_proposer.ts";
import { RulesProposer } from "./rules_proposer.ts";

Deno.test("--bootstrap parses none, fixed and random:SEED and names the flag otherwise", () => {
  const value = (t: string) => {
    const r = parseBootstrap(t);
    if (!r.ok) throw new Error(r.issues[0].message);
    return r.value;
  };
  assert.deepEqual(value("none"), { kind: "none" });
  assert.deepEqual(value(" fixed "), { kind: "fixed" });
  assert.deepEqual(value("random:7"), { kind: "random", seed: 7 });
  assert.equal(bootstrapText(value("random:-3")), "random:-3");
  for (const bad of ["random", "random:x", "fixed:1", ""]) {
    const r = parseBootstrap(bad);
    assert.equal(r.ok, false, bad);
    if (!r.ok) assert.deepEqual(r.issues[0].path, ["bootstrap"]);
  }
  assert.deepEqual(defaultBootstrap("rules"), { kind: "fixed" });
  assert.deepEqual(defaultBootstrap("random"), { kind: "none" });
});

Deno.test("rules and random search given the same random:SEED start from the same round 1", async () => {
  const b = { kind: "random" as const, seed: 5 };
  const ctx = proposalContext({ k: 4 });
  const rules = await withBootstrap(new RulesProposer(), b).propose(ctx);
  const random = await withBootstrap(new RandomProposer(), b).propose(ctx);
  const fps = (o: typeof rules) => o.candidates.map((c) => fingerprint(c.architecture));
  assert.deepEqual(fps(rules), fps(random));
  assert.deepEqual(
    fps(rules),
    bootstrapList(b).slice(0, 4).map((p) => fingerprint(p.architecture)),
  );
  assert.deepEqual(rules.candidates.map((c) => c.source), Array(4).fill("rules"));
  // Another seed, another list.
  const other = await withBootstrap(new RandomProposer(), { kind: "random", seed: 6 }).propose(ctx);
  assert.notDeepEqual(fps(other), fps(random));
});

Deno.test("the fixed list fills round 1 in order; a proposer fills what the list cannot", async () => {
  const first = fingerprint(spec("tip/json/hybrid/lightweight"));
  const out = await withBootstrap(new RandomProposer(), { kind: "fixed" }).propose(
    proposalContext({ k: 4 }),
  );
  assert.deepEqual(
    out.candidates.map((c) => c.diversity_role),
    BOOTSTRAP.slice(0, 4).map((b) => b.role),
  );
  assert.equal(fingerprint(out.candidates[0].architecture), first);
  // The first list entry is excluded: the list gives 4 others, and with k = 6 random adds 2.
  const six = await withBootstrap(new RandomProposer(), { kind: "fixed" }).propose(
    proposalContext({ k: 6, excluded: new Set([first]) }),
  );
  assert.equal(six.candidates.length, 6);
  assert.deepEqual(six.candidates.slice(4).map((c) => c.diversity_role), ["random_0", "random_1"]);
  assert.ok(six.candidates.every((c) => fingerprint(c.architecture) !== first));
  assert.equal(new Set(six.candidates.map((c) => fingerprint(c.architecture))).size, 6);
});

Deno.test("--bootstrap none leaves the proposer as it is", () => {
  const inner = new RandomProposer();
  assert.equal(withBootstrap(inner, { kind: "none" }), inner);
});
