/**
 * Test support: the fixtures of the store conformance suite (width, synthetic units, a temp dir)
 * and the two function shapes it is driven with. Both halves of the suite
 * (`store_conformance.ts`, `store_conformance_persist.ts`) and the stores' own tests use them.
 *
 * @module
 */
import type { MemoryUnit } from "../core/unit.ts";
import type { MemoryStore } from "./store_port.ts";
import { syntheticUnits } from "./synthetic_units.ts";

/** Embedding width used by the conformance suite. */
export const TEST_DIM = 16;

/** Registers one conformance test that runs in a fresh temp dir. */
export type ConformanceTest = (name: string, fn: (dir: string) => Promise<void>) => void;

/** Opens a store of the kind under test in `dir`. */
export type OpenStore = (
  dir: string,
  options?: { checkpointAfter?: number },
) => Promise<MemoryStore>;

/** `n` synthetic units of width {@linkcode TEST_DIM}. */
export function fixtureUnits(n: number, seed = "conformance"): MemoryUnit[] {
  return syntheticUnits(n, { dim: TEST_DIM, seed, vocabulary: 300, unitsPerTask: 3 });
}

/** Runs `fn` with a fresh temp dir that is removed afterwards. */
export async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "automem_store_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
