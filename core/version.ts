/**
 * automem's version; enters the search protocol digest as the code version.
 *
 * @module
 */

/** Semantic version of this build (kept equal to deno.json's `version`, tested). */
export const VERSION = "0.1.0";
