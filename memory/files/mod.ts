/**
 * Memory as files: a flat in-memory file system with the memory agent's text operations, the
 * wire format they travel in, their echoes, the file index, pruning and snapshots.
 *
 * @module
 */
export * from "./memory_fs.ts";
export * from "./wire.ts";
