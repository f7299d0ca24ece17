/**
 * Status API entries for scaffold evolution runs, read from their run directories:
 * `GET /api/scaffold/runs` lists them, `GET /api/scaffold/runs/:id` gives the configuration, where
 * the loop stands (iteration, attempt slot, current score, every attempt so far), the finished
 * summary when there is one, and the event count. Paths are confined like every other route.
 *
 * @module
 */
import type { Hono } from "./hono.ts";
import { EvolveSummarySchema } from "../scaffold/evolve_report.ts";
import { EvolveConfigSchema, EvolveStateSchema } from "../scaffold/evolve_store.ts";
import { scaffoldFingerprint } from "../scaffold/spec.ts";
import { readJsonInRun, readTextInRun, RunsRoot } from "./safe_paths.ts";
import { type ScaffoldQueueStatus, scaffoldQueueStatus } from "./scaffold_queue_status.ts";

/** The status of one scaffold run. */
export interface ScaffoldRunStatus {
  id: string;
  status: "finished" | "running_or_stopped";
  env: string;
  proposer: string;
  seeds: number[];
  heldout_seeds: number[];
  iteration: number | null;
  slot: number | null;
  current_fingerprint: string | null;
  current_score: number | null;
  attempts: unknown[];
  events: number;
  summary: unknown | null;
  /** `--queue` runs: episode jobs queued, active, done and failed, per worker (else null). */
  queue: ScaffoldQueueStatus | null;
}

async function status(root: RunsRoot, id: string): Promise<ScaffoldRunStatus | undefined> {
  const dir = await root.run(id);
  const config = await readJsonInRun(dir, EvolveConfigSchema, "config.json").catch(() => undefined);
  if (!config) return undefined;
  const state = await readJsonInRun(dir, EvolveStateSchema, "state.json").catch(() => undefined);
  const summary = await readJsonInRun(dir, EvolveSummarySchema, "summary.json").catch(() =>
    undefined
  );
  const eventsText = (await readTextInRun(dir, "events.jsonl")) ?? "";
  const events = eventsText.split("\n").filter((l) => l.trim()).length;
  return {
    id,
    status: summary ? "finished" : "running_or_stopped",
    env: config.env,
    proposer: config.proposer,
    seeds: config.seeds,
    heldout_seeds: config.heldout_seeds,
    iteration: state?.iteration ?? null,
    slot: state?.slot ?? null,
    current_fingerprint: state ? scaffoldFingerprint(state.current) : null,
    current_score: state?.current_score ?? null,
    attempts: state?.history ?? [],
    events,
    summary: summary ?? null,
    queue: scaffoldQueueStatus(eventsText),
  };
}

/** Adds the scaffold routes to the status app. */
export function addScaffoldRoutes(app: Hono, runsDir: string): void {
  const root = new RunsRoot(runsDir);
  app.get("/api/scaffold/runs", async (c) => {
    const out: ScaffoldRunStatus[] = [];
    for (const id of await root.entries().catch(() => [])) {
      const s = await status(root, id).catch(() => undefined);
      if (s) out.push({ ...s, attempts: [], summary: null });
    }
    return c.json({ runs: out });
  });
  app.get("/api/scaffold/runs/:id", async (c) => {
    const s = await status(root, c.req.param("id")).catch(() => undefined);
    return s ? c.json(s) : c.json({ error: "no scaffold run with that id" }, 404);
  });
}
