/**
 * xBench-DeepSearch: the CSV loader with in-memory XOR+base64 decryption keyed by each row's
 * canary, and the cipher used to write fixture files.
 *
 * @module
 */
export * from "./cipher.ts";
export * from "./csv_rows.ts";
export * from "./loader.ts";
