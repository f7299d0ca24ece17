/**
 * Run reports (`automem report RUN_DIR [--format md|html] [--out FILE]`): the winner and why,
 * the Pareto front, per-round tables, the FGMD breakdown, cost and tokens per role, the ledger,
 * and three SVG plots written beside the report. Works on finished, failed and running runs.
 *
 * @module
 */
export * from "./report.ts";
export * from "./svg_plots.ts";
export { PLOT_FILES } from "./plots.ts";
