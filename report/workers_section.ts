/**
 * The report's "Workers" section for distributed runs (`--queue`): which worker ran which units
 * of work, folded from the run's `unit_dispatch` events. Absent for in-process runs.
 *
 * @module
 */
import { unitsByWorker } from "../server/queue_progress.ts";
import type { Block } from "./render.ts";
import type { ReportData } from "./report_data.ts";

/** The workers table, or nothing when the run did not use a queue. */
export function workersSection(d: ReportData): Block[] {
  const q = d.progress.view.queue;
  if (!q) return [];
  const ran = unitsByWorker(d.progress.jobs);
  return [
    { kind: "heading", level: 2, text: "Workers" },
    {
      kind: "paragraph",
      text:
        `Evaluations ran on workers through the queue ${q.url}: ${q.done} done, ${q.failed} failed, ${q.active} running, ${q.queued} waiting.`,
    },
    {
      kind: "table",
      head: ["Worker", "Units done", "Failed", "Units"],
      numeric: [false, true, true, false],
      rows: q.workers.map((w) => [
        w.worker,
        String(w.done),
        String(w.failed),
        (ran.get(w.worker) ?? []).join(", "),
      ]),
    },
  ];
}
