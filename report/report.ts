/**
 * `automem report`: renders a run directory as a Markdown or HTML report with three SVG plots,
 * and writes them side by side. Reading is read-only and works on finished, failed and running
 * runs; writing is atomic per file.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../core/atomic_write.ts";
import { type NamedSvg, reportPlots } from "./plots.ts";
import { toHtml, toMarkdown } from "./render.ts";
import { loadReportData } from "./report_data.ts";
import { reportBlocks } from "./report_doc.ts";

/** Report formats. */
export type ReportFormat = "md" | "html";

/** A rendered report: its text and the plots it links. */
export interface RenderedReport {
  text: string;
  svgs: NamedSvg[];
}

/** Where a report was written. */
export interface WrittenReport {
  path: string;
  svgPaths: string[];
}

function checkFormat(format: string): ReportFormat {
  if (format !== "md" && format !== "html") {
    throw new RangeError(`--format must be md or html, got '${format}'`);
  }
  return format;
}

/** Renders the report of the run in `runDir`. */
export async function renderReport(
  runDir: string,
  opts: { format: ReportFormat },
): Promise<RenderedReport> {
  const format = checkFormat(opts.format);
  const data = await loadReportData(runDir);
  const blocks = reportBlocks(data);
  const svgs = reportPlots(data);
  const text = format === "md"
    ? toMarkdown(blocks)
    : toHtml(`Run report: ${data.id}`, blocks, new Map(svgs.map((s) => [s.name, s.svg])));
  return { text, svgs };
}

/** Files only a run directory has; a folder with none of them gets no report written into it. */
const RUN_FILES = ["events.jsonl", "eval_protocol.json", "search_state.json", "summary.json"];

async function requireRun(runDir: string): Promise<void> {
  for (const f of RUN_FILES) {
    if (await Deno.lstat(join(runDir, f)).then(() => true, () => false)) return;
  }
  throw new AutomemError(
    "not_a_run",
    `${runDir} is not a run directory (none of ${RUN_FILES.join(", ")} is there); nothing written`,
  );
}

/**
 * Renders and writes the report to `out` (default `<runDir>/report/report.<format>`) with the
 * SVG plots in the same folder.
 */
export async function writeReport(
  runDir: string,
  opts: { format: ReportFormat; out?: string },
): Promise<WrittenReport> {
  const format = checkFormat(opts.format);
  await requireRun(runDir);
  const { text, svgs } = await renderReport(runDir, { format });
  const path = opts.out ?? join(runDir, "report", `report.${format}`);
  const svgPaths: string[] = [];
  for (const s of svgs) {
    const p = join(dirname(path), s.name);
    await writeFileAtomic(p, s.svg);
    svgPaths.push(p);
  }
  await writeFileAtomic(path, text);
  return { path, svgPaths };
}
