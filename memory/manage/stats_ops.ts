/**
 * Statistics ops: access and outcome counters after a task, confidence curation, and time decay.
 * None of them needs a model, so they run offline too (docs/design.md#fix-offline-management).
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { isoUtc } from "../../core/clock.ts";
import { hoursSinceAccess, successRate } from "../../core/unit.ts";
import { defineOp, skipped } from "./op_types.ts";
import { clamp, commit, usedUnits } from "./support.ts";

const unit01 = z.number().min(0).max(1);
const MIN_DECAY = 0.01;

/** `access_count += 1` and `last_accessed = now` for every used unit; the only access recorder. */
export const accessStatsUpdate = defineOp("access_stats_update", z.object({}), async (ctx) => {
  const units = await usedUnits(ctx);
  if (units.length === 0) return skipped("no used units");
  for (const u of units) {
    u.access_count += 1;
    u.last_accessed = isoUtc(ctx.now);
  }
  await commit(ctx, units);
  return { triggered: true, affected: units.length };
});

/** On success only: usage and success +1, confidence + `success_boost` (capped at 1). */
export const boostOnSuccess = defineOp(
  "boost_on_success",
  z.object({ success_boost: unit01 }),
  async (ctx, s) => {
    if (ctx.task?.succeeded !== true) return skipped("task did not succeed");
    const units = await usedUnits(ctx);
    if (units.length === 0) return skipped("no used units");
    for (const u of units) {
      u.usage_count += 1;
      u.success_count += 1;
      u.confidence = Math.min(1, u.confidence + s.success_boost);
    }
    await commit(ctx, units);
    return { triggered: true, affected: units.length };
  },
);

/** On failure only: usage +1, confidence − `failure_penalty`, decay × `decay_factor`. */
export const penalizeOnFailure = defineOp(
  "penalize_on_failure",
  z.object({ failure_penalty: unit01, decay_factor: unit01 }),
  async (ctx, s) => {
    if (ctx.task?.succeeded !== false) return skipped("task did not fail");
    const units = await usedUnits(ctx);
    if (units.length === 0) return skipped("no used units");
    for (const u of units) {
      u.usage_count += 1;
      u.confidence = Math.max(0, u.confidence - s.failure_penalty);
      u.decay_weight = clamp(u.decay_weight * s.decay_factor, MIN_DECAY, 1);
    }
    await commit(ctx, units);
    return { triggered: true, affected: units.length };
  },
);

/**
 * Decay × `decay_rate` for every active unit, refreshed by `recent_boost` when accessed (or
 * created) within `recent_hours`, clamped to [`min_decay`, 1].
 */
export const timeDecay = defineOp(
  "time_decay",
  z.object({
    decay_rate: z.number().gt(0).max(1),
    recent_hours: z.number().min(0),
    recent_boost: unit01,
    min_decay: z.number().min(MIN_DECAY).max(1),
  }),
  async (ctx, s) => {
    const units = await ctx.store.list();
    if (units.length === 0) return skipped("no active units");
    const changed = units.filter((u) => {
      let d = u.decay_weight * s.decay_rate;
      if (hoursSinceAccess(u, ctx.now) < s.recent_hours) d = Math.min(1, d + s.recent_boost);
      d = clamp(d, s.min_decay, 1);
      if (Math.abs(d - u.decay_weight) <= 1e-12) return false;
      u.decay_weight = d;
      return true;
    });
    await commit(ctx, changed);
    return { triggered: true, affected: changed.length };
  },
);

/** For used units: confidence ← `w`·success_rate + (1−`w`)·confidence, clamped to [0.01, 1]. */
export const qualityCuration = defineOp(
  "quality_curation",
  z.object({ bayesian_weight: unit01 }),
  async (ctx, s) => {
    const units = (await ctx.store.list()).filter((u) => u.usage_count > 0);
    if (units.length === 0) return skipped("no used units");
    const w = s.bayesian_weight;
    const changed = units.filter((u) => {
      const c = clamp(w * successRate(u) + (1 - w) * u.confidence, 0.01, 1);
      if (Math.abs(c - u.confidence) <= 0.001) return false;
      u.confidence = c;
      return true;
    });
    await commit(ctx, changed);
    return { triggered: true, affected: changed.length };
  },
);
