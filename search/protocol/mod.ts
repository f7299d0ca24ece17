/**
 * The search protocol (docs/design.md#search-protocol): seeded stratified splits and rotating
 * folds, the no-memory baseline, warm-up into the canonical pool, rounds (proposals + champion
 * re-evaluation, candidates in parallel, FGMD, paired sign-test acceptance, champion-only canonical
 * merge and maintenance, differential validation), the validation runoff, the held-out final test,
 * metrics and the protocol digest.
 *
 * @module
 */
export * from "./baseline.ts";
export * from "./candidate.ts";
export * from "./champion.ts";
export * from "./digest.ts";
export * from "./final_test.ts";
export * from "./folds.ts";
export * from "./metrics.ts";
export * from "./pool_files.ts";
export * from "./proposals.ts";
export * from "./round.ts";
export * from "./runoff.ts";
export * from "./select.ts";
export * from "./setup.ts";
export * from "./sign_test.ts";
export * from "./split.ts";
export * from "./stage.ts";
export * from "./views.ts";
export * from "./warmup.ts";
