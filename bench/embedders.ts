/**
 * `automem bench embedders`: the offline embedders side by side, quality and speed in one run.
 *
 * Quality: {@linkcode PARAPHRASES} holds pairs of sentences that say the same thing in other
 * words (few shared words), and every sentence of one pair is unrelated to every sentence of
 * another. `paraphrase` is the mean cosine of the pairs, `unrelated` the mean over all cross-pair
 * combinations, and `ranked` the share of pairs whose cosine beats every unrelated combination
 * involving either sentence (1.0: a paraphrase is always the nearest neighbour).
 *
 * Speed: `load_ms` is the first call (a table read), `per_s` texts per second over `texts`
 * sentences built from the pairs' words in a fixed order.
 *
 * @module
 */
import type { Embedder } from "../core/ports.ts";
import { cosine } from "../core/vectors.ts";

/** Paraphrase pairs: the same meaning with few shared words. */
export const PARAPHRASES: readonly (readonly [string, string])[] = [
  ["I bought a new car last week.", "Recently I purchased an automobile."],
  ["The kitten slept on the rug.", "A young cat was napping on the carpet."],
  ["She is studying to become a doctor.", "Her training will make her a physician."],
  ["We went hiking in the mountains.", "Our trip was a trek through the hills."],
  ["My grandmother bakes bread every Sunday.", "Each weekend my granny makes loaves."],
  [
    "The meeting was postponed until Friday.",
    "They delayed the conference to the end of the week.",
  ],
  ["He lost his job at the factory.", "The plant fired him."],
  ["The child was frightened by the storm.", "Thunder scared the little boy."],
  ["I adopted a puppy from the shelter.", "We took home a young dog from the rescue."],
  ["The concert tickets were expensive.", "Seats for the show cost a lot of money."],
  ["Open the door with the key.", "Unlock the entrance using the key."],
  ["The server returned an error.", "The backend failed with a fault."],
];

/** One embedder's row. */
export interface EmbedderBenchRow {
  embedder: string;
  dim: number;
  paraphrase: number;
  unrelated: number;
  ranked: number;
  load_ms: number;
  per_s: number;
  texts: number;
}

/** Measures `embedder` on the paraphrase set and on `texts` generated sentences. */
export async function benchEmbedder(
  embedder: Embedder,
  options: { texts: number; now?: () => number },
): Promise<EmbedderBenchRow> {
  const now = options.now ?? (() => performance.now());
  const sentences = PARAPHRASES.flat();
  const started = now();
  const vectors = await embedder.embed(sentences);
  const loadMs = now() - started;
  const pairs = PARAPHRASES.length;
  const cos = (i: number, j: number) => cosine(vectors[i], vectors[j]);
  let paraphrase = 0;
  let unrelated = 0;
  let unrelatedCount = 0;
  let ranked = 0;
  for (let p = 0; p < pairs; p++) {
    const own = cos(2 * p, 2 * p + 1);
    paraphrase += own;
    let beaten = true;
    for (let q = 0; q < pairs; q++) {
      if (q === p) continue;
      for (const a of [2 * p, 2 * p + 1]) {
        for (const b of [2 * q, 2 * q + 1]) {
          const c = cos(a, b);
          if (q > p) {
            unrelated += c;
            unrelatedCount++;
          }
          if (c >= own) beaten = false;
        }
      }
    }
    if (beaten) ranked++;
  }
  const words = sentences.join(" ").split(/\s+/);
  const texts = Array.from(
    { length: options.texts },
    (_, i) =>
      Array.from({ length: 12 }, (_, j) => words[(i * 7 + j * 13) % words.length]).join(" "),
  );
  const t0 = now();
  await embedder.embed(texts);
  const seconds = (now() - t0) / 1000;
  return {
    embedder: embedder.id,
    dim: embedder.dim,
    paraphrase: paraphrase / pairs,
    unrelated: unrelated / unrelatedCount,
    ranked: ranked / pairs,
    load_ms: loadMs,
    per_s: seconds > 0 ? options.texts / seconds : Infinity,
    texts: options.texts,
  };
}

/** The rows as a Markdown table. */
export function formatEmbedderTable(rows: readonly EmbedderBenchRow[]): string {
  const head =
    "| embedder | dim | paraphrase cos | unrelated cos | ranked | first call ms | texts/s |";
  const lines = rows.map((r) =>
    `| ${r.embedder} | ${r.dim} | ${r.paraphrase.toFixed(3)} | ${r.unrelated.toFixed(3)} | ` +
    `${r.ranked.toFixed(2)} | ${r.load_ms.toFixed(0)} | ${Math.round(r.per_s)} |`
  );
  return [head, "|---|---:|---:|---:|---:|---:|---:|", ...lines].join("\n");
}
