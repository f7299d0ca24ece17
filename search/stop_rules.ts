/**
 * When the round loop stops. `max_rounds` always applies and round 1 always runs (there must be
 * something to select from); every other rule is a {@linkcode StopRule}, checked in order before
 * each later round. The built-in rules are {@linkcode DEFAULT_STOP_RULES}; a caller replaces or
 * extends them through `SearchDeps.stopRules` without touching the engine.
 *
 * @module
 */
import type { EngineState } from "./egas/schemas.ts";
import type { RunContext } from "./protocol/stage.ts";
import { collectUsage } from "./protocol/views.ts";
import { exists } from "../run_dir/run_dir.ts";
import type { StopInput, StopReason, StopRule } from "./run_context.ts";

export type { StopInput, StopReason, StopRule };

/** Touching `<run_dir>/STOP` ends the run after the current round. */
export const stopFileRule: StopRule = async ({ ctx }) =>
  await exists(ctx.dir.stopFile) ? "stop_file" : null;

/** `--patience N`: N rounds without a better lift. */
export const patienceRule: StopRule = ({ ctx, state }) =>
  ctx.config.patience !== null && state.rounds_without_improvement >= ctx.config.patience
    ? "patience"
    : null;

/** `--max_tokens` and `--max_cost_usd`, over every stage's recorded usage. */
export const budgetRule: StopRule = async ({ ctx, state }) => {
  const c = ctx.config;
  if (c.max_tokens === null && c.max_cost_usd === null) return null;
  const usage = await collectUsage(ctx, state);
  if (c.max_tokens !== null && usage.total_tokens >= c.max_tokens) return "max_tokens";
  if (c.max_cost_usd !== null && usage.cost_usd >= c.max_cost_usd) return "max_cost_usd";
  return null;
};

/** `--max_wall_s`. */
export const wallRule: StopRule = ({ ctx, wallMs }) =>
  ctx.config.max_wall_s !== null && wallMs() >= ctx.config.max_wall_s * 1000 ? "max_wall_s" : null;

/** The built-in rules, in the order they are checked. */
export const DEFAULT_STOP_RULES: readonly StopRule[] = [
  stopFileRule,
  patienceRule,
  budgetRule,
  wallRule,
];

/**
 * Why the search stops before round `round`, or null. `max_rounds` always applies; the rules
 * (default {@linkcode DEFAULT_STOP_RULES}, or `ctx.deps.stopRules`) only once a round completed.
 */
export async function stopReason(
  ctx: RunContext,
  round: number,
  state: EngineState,
  wallMs: () => number,
): Promise<StopReason | null> {
  if (round > ctx.config.max_rounds) return "max_rounds";
  if (round === 1) return null;
  for (const rule of ctx.deps?.stopRules ?? DEFAULT_STOP_RULES) {
    const reason = await rule({ ctx, round, state, wallMs });
    if (reason !== null) return reason;
  }
  return null;
}
