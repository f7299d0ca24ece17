/**
 * Warm-up (docs/design.md#warmup): a fixed architecture runs the warm-up split once and its memory
 * seeds the canonical pool (merge id `warmup`). The stage is stateful, so a partial warm-up is
 * wiped and replayed whole; the marker is trusted only when the canonical pool records the merge.
 *
 * @module
 */
import { parseSpec } from "../../core/spec.ts";
import { fingerprint } from "../../core/spec.ts";
import {
  ARTIFACT_SCHEMA_VERSION,
  PoolFileSchema,
  type WarmupDone,
  WarmupDoneSchema,
} from "../artifacts.ts";
import { readArtifact, removeIfPresent, writeArtifact } from "../../run_dir/run_dir.ts";
import { usageBlock } from "../usage_report.ts";
import { mean, r6 } from "./metrics.ts";
import { emptyPool, poolFromSnapshot } from "./pool_files.ts";
import { poolIo } from "./pool_io.ts";
import { newLedger, runArchitecture, type RunContext, stageOrdinal } from "./stage.ts";

const parsed = parseSpec({
  schema_version: "1",
  encode: ["tip"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
});
if (!parsed.ok) throw new Error("the warm-up architecture is invalid");
/** The fixed warm-up architecture: tip / json / hybrid / lightweight. */
export const WARMUP_SPEC = parsed.value;

/** Runs (or reuses) the warm-up and leaves `canonical/pool.json` in place. */
export async function ensureWarmup(ctx: RunContext): Promise<WarmupDone | null> {
  const markerPath = ctx.dir.path("warmup", "warmup_done.json");
  const indices = ctx.split.profile_indices;
  const pools = await poolIo(ctx.benchmark);
  const canonical = await pools.read(ctx.dir.canonical);
  if (indices.length === 0) {
    if (!canonical) await pools.write(ctx.dir.canonical, emptyPool());
    return null;
  }
  const marker = await readArtifact(markerPath, WarmupDoneSchema);
  if (marker && marker.n_tasks === indices.length && canonical?.merges.includes("warmup")) {
    await ctx.events.emit({
      type: "phase_finished",
      phase: "warmup",
      n_tasks: marker.n_tasks,
      score: marker.score,
      reused: true,
    });
    return marker;
  }
  await removeIfPresent(ctx.dir.path("warmup"));
  const tasks = indices.map((i) => ctx.tasks[i]);
  await ctx.events.emit({ type: "phase_started", phase: "warmup", n_tasks: tasks.length });
  const ordinal = stageOrdinal(ctx, "warmup");
  const ledger = newLedger(ctx, ctx.stageClock(ordinal));
  const run = await runArchitecture(ctx, {
    sink: {
      stage: "warmup",
      round: null,
      candidate: null,
      configId: "warmup",
      tasksDir: ctx.dir.path("warmup", "tasks"),
    },
    stage: "warmup",
    ordinal,
    label: "warmup",
    spec: WARMUP_SPEC,
    dir: ctx.dir.path("warmup"),
    tasks,
    seedPool: null,
    ledger,
  });
  const merged = ctx.services.mergePools({ units: [], edges: [] }, run.pool, {
    clock: ctx.stageClock(ordinal),
  });
  const pool = poolFromSnapshot(merged, ["warmup"], []);
  await pools.write(ctx.dir.canonical, pool);
  const done: WarmupDone = {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    architecture: WARMUP_SPEC,
    fingerprint: fingerprint(WARMUP_SPEC),
    n_tasks: tasks.length,
    score: r6(mean(run.results.map((r) => r.score))),
    pool_size: PoolFileSchema.parse(pool).units.length,
    usage: usageBlock(ledger, run.results),
  };
  await writeArtifact(markerPath, WarmupDoneSchema, done);
  await ctx.events.emit({
    type: "phase_finished",
    phase: "warmup",
    n_tasks: tasks.length,
    score: done.score,
    reused: false,
  });
  return done;
}
