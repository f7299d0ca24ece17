/**
 * Run directories, below both the search and scaffold evolution: named paths, artifacts read
 * through a zod schema and written atomically, the exclusive lock, and the create / resume /
 * force-new rules. {@linkcode RunDirError} names what a user can fix.
 *
 * @module
 */
export * from "./errors.ts";
export * from "./open.ts";
export * from "./run_dir.ts";
