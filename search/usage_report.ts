/**
 * Usage accounting: per-role blocks from the usage ledger (real model calls, priced) plus the
 * tokens benchmarks report per task for roles no metered model served (the offline agent's
 * simulated tokens), so nothing is counted twice. Blocks are persisted with the unit of work
 * they belong to, and `usage.json` is their sum — identical after a resume.
 *
 * @module
 */
import type { TaskResult } from "../bench/benchmark_port.ts";
import type { UsageLedger } from "../core/usage.ts";
import type { RoleUsage, UsageBlock } from "./common_schemas.ts";

const zero = (): RoleUsage => ({ calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 });

/** The block of a ledger plus benchmark-reported tokens for roles the ledger never saw. */
export function usageBlock(
  ledger: UsageLedger | null,
  results: readonly TaskResult[] = [],
): UsageBlock {
  const out: UsageBlock = {};
  for (const [role, t] of Object.entries(ledger?.byRole() ?? {})) {
    if (!t) continue;
    out[role] = {
      calls: t.calls,
      prompt_tokens: t.promptTokens,
      completion_tokens: t.completionTokens,
      cost_usd: t.costUsd,
    };
  }
  const metered = new Set(Object.keys(out));
  for (const r of results) {
    for (const [role, t] of Object.entries(r.tokens)) {
      if (metered.has(role)) continue;
      const cur = out[role] ??= zero();
      cur.prompt_tokens += t.prompt;
      cur.completion_tokens += t.completion;
    }
  }
  return out;
}

/** Sums blocks role by role. */
export function addBlocks(...blocks: readonly UsageBlock[]): UsageBlock {
  const out: UsageBlock = {};
  for (const b of blocks) {
    for (const [role, u] of Object.entries(b)) {
      const cur = out[role] ??= zero();
      cur.calls += u.calls;
      cur.prompt_tokens += u.prompt_tokens;
      cur.completion_tokens += u.completion_tokens;
      cur.cost_usd = Math.round((cur.cost_usd + u.cost_usd) * 1e9) / 1e9;
    }
  }
  return out;
}

/** Total tokens and cost of a block. */
export function blockTotals(block: UsageBlock): { tokens: number; cost_usd: number } {
  let tokens = 0, cost = 0;
  for (const u of Object.values(block)) {
    tokens += u.prompt_tokens + u.completion_tokens;
    cost += u.cost_usd;
  }
  return { tokens, cost_usd: Math.round(cost * 1e9) / 1e9 };
}
