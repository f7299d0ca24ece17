/**
 * Number formatting shared by the report sections (fixed decimals, so reports are byte-stable).
 *
 * @module
 */
import type { ReportData } from "./report_data.ts";

/** Score with three decimals (`–` when absent). */
export const s3 = (
  v: number | null | undefined,
) => (v === null || v === undefined ? "–" : v.toFixed(3));
/** Signed lift with three decimals. */
export const lift = (v: number | null | undefined) =>
  v === null || v === undefined ? "–" : `${v >= 0 ? "+" : ""}${v.toFixed(3)}`;
/** Integer with thousands separators. */
export const int = (v: number | null | undefined) =>
  v === null || v === undefined
    ? "–"
    : Math.round(v).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
/** US dollars with four decimals. */
export const usd = (
  v: number | null | undefined,
) => (v === null || v === undefined ? "–" : `$${v.toFixed(4)}`);

/** The architecture label of a config id, as far as the run knows it. */
export function labelOf(d: ReportData, configId: string | null): string {
  if (!configId) return "–";
  for (const r of d.rounds) {
    const c = r.candidates.find((x) => x.config_id === configId);
    if (c) return c.label;
  }
  return d.pareto?.archive.find((a) => a.config_ids.includes(configId))?.label ?? configId;
}
