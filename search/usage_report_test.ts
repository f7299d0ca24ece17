import assert from "node:assert/strict";
import type { TaskResult } from "../bench/benchmark_port.ts";
import { UsageLedger } from "../core/usage.ts";
import { addBlocks, blockTotals, usageBlock } from "./usage_report.ts";

const result = (tokens: TaskResult["tokens"]) => ({ tokens } as TaskResult);

Deno.test("metered roles come from the ledger; other roles from benchmark-reported tokens", () => {
  const ledger = new UsageLedger({ prices: { m: { prompt_per_1k: 1, completion_per_1k: 2 } } });
  ledger.record({
    role: "task",
    model: "m",
    purpose: "p",
    promptTokens: 1000,
    completionTokens: 500,
    latencyMs: 0,
    cached: false,
  });
  const block = usageBlock(ledger, [
    result({ task: { prompt: 99, completion: 1 }, judge: { prompt: 10, completion: 5 } }),
  ]);
  assert.deepEqual(block.task, {
    calls: 1,
    prompt_tokens: 1000,
    completion_tokens: 500,
    cost_usd: 2,
  });
  assert.deepEqual(block.judge, { calls: 0, prompt_tokens: 10, completion_tokens: 5, cost_usd: 0 });
  const sum = addBlocks(block, block);
  assert.equal(sum.task.calls, 2);
  assert.deepEqual(blockTotals(sum), { tokens: 3030, cost_usd: 4 });
});
