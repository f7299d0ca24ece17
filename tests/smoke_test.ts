import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { Embedder } from "../core/ports.ts";
import { STORE_KINDS } from "../core/space.ts";
import { fingerprint } from "../core/spec.ts";
import { compatibleRetrievers, PRIMARY_STORE, runSmoke, smokeSpec } from "../memory/smoke.ts";

function expectedChecks(): string[] {
  const names = [
    "composer:fallback",
    "encode:offline",
    "management:post_task_offline",
    "pool:merge",
    "provider:begin_refresh",
    "provider:self_retrieval",
  ];
  for (const store of STORE_KINDS) {
    names.push(`store:${store}`, `persistence:${store}`, `management:periodic@${store}`);
    for (const r of compatibleRetrievers(store)) names.push(`retriever:${r}@${store}`);
  }
  return names.sort();
}

Deno.test("smoke passes every check for every store and every compatible retriever", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_smoke_test_" });
  try {
    const report = await runSmoke({ dir, embedder: new HashEmbedder(384), clock: logicalClock() });
    assert.deepEqual(Object.keys(report.checks).sort(), expectedChecks());
    const failed = Object.entries(report.checks).filter(([, v]) => v !== "ok");
    assert.deepEqual(failed, []);
    assert.equal(report.status, "ok");
    assert.equal(report.architecture_fingerprint, fingerprint(smokeSpec(PRIMARY_STORE)));
    const retrieverChecks = Object.keys(report.checks).filter((n) => n.startsWith("retriever:"));
    assert.equal(retrieverChecks.length, 27, "5 stores x 6 retrievers minus graph on 3 stores");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a broken dependency fails the checks with messages instead of throwing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_smoke_test_" });
  const broken: Embedder = {
    id: "broken",
    dim: 384,
    embed: () => Promise.reject(new Error("embedding backend unavailable")),
  };
  try {
    const report = await runSmoke({ dir, embedder: broken, clock: logicalClock() });
    assert.equal(report.status, "failed");
    assert.deepEqual(
      Object.keys(report.checks).sort(),
      expectedChecks(),
      "every check is reported",
    );
    assert.match(report.checks["store:json"], /embedding backend unavailable/);
    assert.match(report.checks["retriever:hybrid@json"], /^not run: store:json failed/);
    assert.match(report.checks["provider:begin_refresh"], /^not run: store:hybrid failed/);
    assert.equal(report.checks["composer:fallback"], "ok");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
