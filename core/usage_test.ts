import assert from "node:assert/strict";
import { logicalClock } from "./clock.ts";
import type { ChatModel, ChatRequest } from "./ports.ts";
import { ModelError } from "./ports.ts";
import {
  estimateTokens,
  meteredModel,
  priceOf,
  PriceTableSchema,
  UsageLedger,
  type UsageRecord,
} from "./usage.ts";

const PRICES = {
  "gpt-4o": { prompt_per_1k: 2.5, completion_per_1k: 10 },
  "mini": { prompt_per_1k: 0.1, completion_per_1k: 0.4 },
};

function fakeModel(id: string, usage = { promptTokens: 100, completionTokens: 20 }): ChatModel {
  return {
    id,
    chat: <T>(_req: ChatRequest<T>) =>
      Promise.resolve({ text: "ok", usage, model: id, cached: false }),
  };
}

function entry(over: Partial<UsageRecord> = {}) {
  return {
    role: "task" as const,
    model: "gpt-4o",
    purpose: "agent",
    promptTokens: 1000,
    completionTokens: 100,
    latencyMs: 5,
    cached: false,
    ...over,
  };
}

Deno.test("estimateTokens is the ceiling of characters over four", () => {
  assert.equal(estimateTokens(""), 0);
  assert.equal(estimateTokens("abc"), 1);
  assert.equal(estimateTokens("abcd"), 1);
  assert.equal(estimateTokens("abcde"), 2);
});

Deno.test("cost comes from the price table per 1000 tokens", () => {
  const ledger = new UsageLedger({ prices: PRICES });
  const rec = ledger.record(entry());
  assert.equal(rec.costUsd, 2.5 + 1);
});

Deno.test("a model missing from the price table costs nothing, as does the default table", () => {
  assert.equal(new UsageLedger({ prices: PRICES }).record(entry({ model: "other" })).costUsd, 0);
  assert.equal(new UsageLedger().record(entry()).costUsd, 0);
});

Deno.test("a dated model id is priced by its longest priced prefix", () => {
  assert.equal(priceOf(PRICES, "gpt-4o-2024-08-06", 1000, 0), 2.5);
  assert.equal(
    priceOf({ ...PRICES, "gpt-4o-2024": PRICES.mini }, "gpt-4o-2024-08-06", 1000, 0),
    0.1,
  );
});

Deno.test("the price table schema rejects negative prices and unknown fields", () => {
  assert.equal(
    PriceTableSchema.safeParse({ m: { prompt_per_1k: -1, completion_per_1k: 0 } }).success,
    false,
  );
  assert.equal(
    PriceTableSchema.safeParse({ m: { prompt_per_1k: 1, completion_per_1k: 1, x: 1 } }).success,
    false,
  );
});

Deno.test("withScope tags records and layers scopes", () => {
  const ledger = new UsageLedger();
  const run = ledger.withScope({ run: "r1" });
  const cand = run.withScope({ candidate: "c1" });
  const rec = cand.withScope({ task: "t1" }).record(entry());
  assert.deepEqual(rec.scope, { run: "r1", candidate: "c1", task: "t1" });
  assert.deepEqual(cand.scope, { run: "r1", candidate: "c1" });
  assert.equal(ledger.records.length, 1);
});

Deno.test("a view's totals cover only its scope while the root sees everything", () => {
  const ledger = new UsageLedger({ prices: PRICES });
  ledger.withScope({ candidate: "a" }).record(entry());
  ledger.withScope({ candidate: "b" }).record(entry({ promptTokens: 10, completionTokens: 1 }));
  assert.equal(ledger.withScope({ candidate: "a" }).totals().calls, 1);
  assert.equal(ledger.totals().calls, 2);
  assert.deepEqual(ledger.totals({ candidate: "b" }), {
    calls: 1,
    promptTokens: 10,
    completionTokens: 1,
    costUsd: (10 * 2.5 + 1 * 10) / 1000,
  });
});

Deno.test("totals filter by role, task and cached", () => {
  const ledger = new UsageLedger();
  ledger.record(entry({ role: "judge" }));
  ledger.withScope({ task: "t9" }).record(entry({ cached: true }));
  assert.equal(ledger.totals({ role: "judge" }).calls, 1);
  assert.equal(ledger.totals({ task: "t9" }).calls, 1);
  assert.equal(ledger.totals({ cached: false }).calls, 1);
  assert.equal(ledger.totals({ role: "search" }).calls, 0);
});

Deno.test("byRole lists only roles that made calls, with their sums", () => {
  const ledger = new UsageLedger();
  ledger.record(entry({ role: "memory", promptTokens: 3, completionTokens: 4 }));
  ledger.record(entry({ role: "memory", promptTokens: 5, completionTokens: 6 }));
  assert.deepEqual(ledger.byRole(), {
    memory: { calls: 2, promptTokens: 8, completionTokens: 10, costUsd: 0 },
  });
});

Deno.test("toJSON and fromJSON round-trip records through JSON text", () => {
  const ledger = new UsageLedger({ prices: PRICES });
  ledger.withScope({ run: "r", candidate: "c" }).record(entry());
  ledger.record(entry({ role: "search", cached: true }));
  const restored = UsageLedger.fromJSON(JSON.parse(JSON.stringify(ledger)));
  assert.deepEqual(restored.toJSON(), ledger.toJSON());
  assert.deepEqual(restored.totals(), ledger.totals());
});

Deno.test("fromJSON rejects malformed records", () => {
  assert.throws(() => UsageLedger.fromJSON([{ role: "task" }]));
  assert.throws(() => UsageLedger.fromJSON([{ ...entry(), costUsd: 0, scope: {}, extra: 1 }]));
});

Deno.test("toJSON returns copies that cannot alter the ledger", () => {
  const ledger = new UsageLedger();
  ledger.record(entry());
  ledger.toJSON()[0].promptTokens = 999999;
  assert.equal(ledger.totals().promptTokens, 1000);
});

Deno.test("meteredModel records role, purpose, answering model, usage and clock latency", async () => {
  const ledger = new UsageLedger({ prices: PRICES, clock: logicalClock(0, 250) });
  const model = meteredModel(fakeModel("mini"), ledger, "memory", { candidate: "c7" });
  assert.equal(model.id, "mini");
  await model.chat({ messages: [{ role: "user", content: "hi" }], purpose: "composer" });
  await model.chat({ messages: [{ role: "user", content: "hi" }] });
  const [first, second] = ledger.records;
  assert.deepEqual(first, {
    role: "memory",
    model: "mini",
    purpose: "composer",
    promptTokens: 100,
    completionTokens: 20,
    latencyMs: 250,
    cached: false,
    costUsd: (100 * 0.1 + 20 * 0.4) / 1000,
    scope: { candidate: "c7" },
  });
  assert.equal(second.purpose, "unspecified");
});

Deno.test("meteredModel records nothing when the call fails", async () => {
  const ledger = new UsageLedger();
  const failing: ChatModel = {
    id: "x",
    chat: () => Promise.reject(new ModelError("http", "boom", 500)),
  };
  await assert.rejects(
    () => meteredModel(failing, ledger, "task").chat({ messages: [] }),
    ModelError,
  );
  assert.equal(ledger.records.length, 0);
});
