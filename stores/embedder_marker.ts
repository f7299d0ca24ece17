/**
 * Which embedder wrote a store's vectors. Vectors of different embedders live in different
 * spaces (a word-vector cosine means nothing against a hashing vector), so a store records the
 * embedder's id in `embedder.json` beside its files and refuses to open under another one with
 * `embedder_mismatch`, naming both ids and how to select the recorded one.
 *
 * A store written before ids were recorded has no marker: it is adopted by the first embedder
 * that opens it with the right dimension (the marker is written then); one whose dimension
 * differs is refused as a mismatch too, since the recorded dimension is all that is known.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { writeJsonAtomic } from "../core/atomic_write.ts";
import type { Embedder } from "../core/ports.ts";
import { readTextIfExists } from "../core/read_if_exists.ts";
import { StoreError } from "./store_error.ts";

/** File name of the marker inside a store directory. */
export const EMBEDDER_MARKER = "embedder.json";

const MarkerSchema = z.object({
  format: z.literal("automem-embedder-v1"),
  id: z.string().min(1),
  dim: z.number().int().positive(),
});

/** The embedder a store records, or undefined when it has no marker yet. */
export type EmbedderMarker = z.infer<typeof MarkerSchema>;

/** How to pick an embedder by id, for the refusal message. */
function howToSelect(id: string): string {
  if (id.startsWith("hash-")) return "AUTOMEM_EMBEDDER=hash";
  if (id.startsWith("wordvec-")) return "AUTOMEM_EMBEDDER=wordvec (the default)";
  return `AUTOMEM_EMBEDDER=openai with EMBEDDING_MODEL=${id}`;
}

/**
 * The refusal: the store's embedder, the one it was opened with, and the way back. `stored` is
 * the recorded id, or for a store without a marker the dimension its files were written with.
 */
export function embedderMismatch(
  dir: string,
  stored: string | { dim: string },
  opened: Embedder,
): StoreError {
  const what = typeof stored === "string"
    ? `vectors of embedder '${stored}'`
    : `vectors of an unrecorded embedder (${stored.dim}; stores written before ids were ` +
      `recorded used hash-384 unless configured otherwise)`;
  const back = typeof stored === "string" ? howToSelect(stored) : howToSelect("hash-384");
  return new StoreError(
    "embedder_mismatch",
    [EMBEDDER_MARKER],
    `store ${dir} holds ${what} but was opened with '${opened.id}' (${opened.dim}-d); vectors ` +
      `of different embedders cannot be compared. Open it with ${back}, or use a new store ` +
      `directory`,
  );
}

/** Reads the marker of `dir`; a damaged one is `corrupt_file`. */
export async function readEmbedderMarker(dir: string): Promise<EmbedderMarker | undefined> {
  const text = await readTextIfExists(join(dir, EMBEDDER_MARKER));
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoreError("corrupt_file", [EMBEDDER_MARKER], "not valid JSON");
  }
  const parsed = MarkerSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoreError(
      "corrupt_file",
      [EMBEDDER_MARKER, ...(issue?.path ?? []).map(String)],
      issue?.message ?? "invalid marker",
    );
  }
  return parsed.data;
}

/** Throws `embedder_mismatch` when `dir` records another embedder than `embedder`. */
export async function checkEmbedder(dir: string, embedder: Embedder): Promise<boolean> {
  const marker = await readEmbedderMarker(dir);
  if (marker && marker.id !== embedder.id) throw embedderMismatch(dir, marker.id, embedder);
  return marker !== undefined;
}

/** Records `embedder` as the store's embedder (atomic write). */
export async function writeEmbedderMarker(dir: string, embedder: Embedder): Promise<void> {
  const marker: EmbedderMarker = {
    format: "automem-embedder-v1",
    id: embedder.id,
    dim: embedder.dim,
  };
  await writeJsonAtomic(join(dir, EMBEDDER_MARKER), marker);
}
