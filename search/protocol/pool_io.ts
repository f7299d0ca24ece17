/**
 * How a run reads and writes its memory pools and where memory stores keep their working files.
 * For an ordinary benchmark: plain JSON pool files and store folders inside the run directory.
 * For a protected one (xBench-DeepSearch, whose decrypted questions and answers end up in memory
 * units), pools are sealed at rest (`core/sealed_text.ts`, keys from the dataset file, so a
 * `--resume` with the same `--infile` reopens them and writes the same bytes), and stores work in
 * a private RAM-backed temporary folder that is removed when the store closes.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../../core/atomic_write.ts";
import { isAutomemError } from "../../core/automem_error.ts";
import { makeRamDirFor } from "../../core/ram_temp.ts";
import { readTextIfExists } from "../../core/read_if_exists.ts";
import { isSealed, TextSealer } from "../../core/sealed_text.ts";
import type { Benchmark } from "../../bench/benchmark_port.ts";
import { type PoolFile, PoolFileSchema } from "../artifacts.ts";
import { SearchError } from "../errors.ts";
import { parseArtifact, removeIfPresent } from "../../run_dir/run_dir.ts";
import { poolText, writePool } from "./pool_files.ts";

/** A working folder for a memory store, and how to remove it. */
export interface WorkDir {
  path: string;
  dispose(): Promise<void>;
}

/** Pool files and store folders of one run (see the module doc). */
export interface PoolIo {
  /** True when pools are sealed and stores work outside the run directory. */
  readonly sealed: boolean;
  /** The pool at `path`; `undefined` when absent, `corrupt_state` when unreadable. */
  read(path: string): Promise<PoolFile | undefined>;
  /** Writes a pool atomically. */
  write(path: string, pool: PoolFile): Promise<void>;
  /** The working folder standing for `path` (not created); `dispose` removes it. */
  workDir(path: string): Promise<WorkDir>;
  /** A pool as a queue job carries it through Redis (which may persist it): sealed or as is. */
  pack<T extends object>(pool: T): Promise<T | SealedPool>;
  /** The pool `pack` made; `where` names the job for the error when it cannot be opened. */
  unpack<T extends object>(packed: T | SealedPool, where: string): Promise<T>;
}

/** A sealed pool in a queue job (`core/sealed_text.ts` envelope of the pool's JSON). */
export interface SealedPool {
  sealed_pool: string;
}

function isSealedPool(v: object): v is SealedPool {
  return typeof (v as Partial<SealedPool>).sealed_pool === "string";
}

const PLAIN: PoolIo = {
  sealed: false,
  read: async (path) => {
    const text = await readTextIfExists(path);
    if (text === undefined) return undefined;
    if (isSealed(text)) {
      throw new SearchError(
        "corrupt_state",
        `${path} is sealed, but this benchmark is not protected`,
      );
    }
    return parseArtifact(path, text, PoolFileSchema);
  },
  write: writePool,
  workDir: (path) => Promise.resolve({ path, dispose: () => removeIfPresent(path) }),
  pack: (pool) => Promise.resolve(pool),
  unpack: <T extends object>(packed: T | SealedPool, where: string) =>
    isSealedPool(packed)
      ? Promise.reject(
        new SearchError("corrupt_state", `${where} carries a sealed pool for an open benchmark`),
      )
      : Promise.resolve(packed),
};

/** The sealed text opened; a text that does not open is the run's corrupt state. */
async function openSealed(sealer: TextSealer, text: string, where: string): Promise<string> {
  try {
    return await sealer.open(text, where);
  } catch (e) {
    if (isAutomemError(e, "sealed_open")) {
      throw new SearchError("corrupt_state", e.message, {}, { cause: e });
    }
    throw e;
  }
}

function sealedIo(sealer: TextSealer): PoolIo {
  return {
    sealed: true,
    read: async (path) => {
      const text = await readTextIfExists(path);
      if (text === undefined) return undefined;
      if (!isSealed(text)) {
        throw new SearchError(
          "corrupt_state",
          `${path} is not sealed, but the benchmark is protected (its pools are never plaintext)`,
        );
      }
      return parseArtifact(path, await openSealed(sealer, text, path), PoolFileSchema);
    },
    write: async (path, pool) => {
      await writeFileAtomic(path, await sealer.seal(poolText(pool)));
    },
    workDir: async (path) => {
      // The run directory keeps no trace of the store. The temp folder's name is fixed by the
      // store's path, so a resumed run redoing this work removes what a killed one left.
      await removeIfPresent(path);
      const temp = await makeRamDirFor(resolve(path), "automem-protected-");
      return { path: join(temp, "store"), dispose: () => removeIfPresent(temp) };
    },
    pack: async (pool) => ({ sealed_pool: await sealer.seal(JSON.stringify(pool)) }),
    unpack: async <T extends object>(packed: T | SealedPool, where: string) => {
      if (!isSealedPool(packed)) {
        throw new SearchError(
          "corrupt_state",
          `${where} carries an unsealed pool, but the benchmark is protected`,
        );
      }
      return JSON.parse(await openSealed(sealer, packed.sealed_pool, where)) as T;
    },
  };
}

const byBenchmark = new WeakMap<Benchmark, Promise<PoolIo>>();

/** The pool I/O of a run on `benchmark` (one per benchmark object; keys derived once). */
export function poolIo(benchmark: Benchmark): Promise<PoolIo> {
  let io = byBenchmark.get(benchmark);
  if (!io) {
    io = benchmark.protectedSecret === undefined
      ? Promise.resolve(PLAIN)
      : TextSealer.fromSecret(benchmark.protectedSecret, "memory-pool").then(sealedIo);
    byBenchmark.set(benchmark, io);
  }
  return io;
}
