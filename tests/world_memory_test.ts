/**
 * Memory must matter on `world`: four architectures played offline with the real provider over
 * the same 24 tasks score differently, and the best beats the no-memory baseline.
 */
import assert from "node:assert/strict";
import { createWorldBenchmark } from "../bench/world/benchmark.ts";
import { logicalClock } from "../core/clock.ts";
import { compileSpec, type Plan } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import type { Clock, Embedder } from "../core/ports.ts";
import { createRng } from "../core/rng.ts";
import { parseSpec } from "../core/spec.ts";
import { sequentialIds } from "../memory/ids.ts";
import { NoMemoryProvider } from "../memory/no_memory.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";

type OpenMemory = (
  plan: Plan,
  deps: { embedder: Embedder; clock: Clock; newId: () => string },
) => Promise<MemoryProvider>;
let openMemory: OpenMemory | undefined;
let why = "";
try {
  // A computed specifier: the module's own imports may not exist yet while the memory core is
  // being written, and a static import would fail the whole file instead of skipping the test.
  const specifier = new URL("../memory/open_memory.ts", import.meta.url).href;
  ({ openMemory } = await import(specifier));
} catch (e) {
  why = e instanceof Error ? e.message.split("\n")[0] : String(e);
  console.warn(`skipping the world memory test: memory/open_memory.ts cannot load yet (${why})`);
}

const ARCHITECTURES = [
  { encode: ["insight", "workflow"], store: "hybrid", retrieve: "hybrid", manage: "lightweight" },
  { encode: ["workflow"], store: "json", retrieve: "mmr", manage: "tool_manager" },
  { encode: ["trajectory"], store: "vector", retrieve: "contrastive", manage: "lightweight" },
  { encode: ["tip"], store: "json", retrieve: "hybrid", manage: "json_full" },
];

async function meanScore(provider: MemoryProvider): Promise<number> {
  const bench = createWorldBenchmark({ seed: 3, families: 3, tasksPerFamily: 8 });
  let total = 0;
  for (const task of bench.tasks()) {
    const r = await bench.runTask(task, provider, { clock: logicalClock(), rng: createRng(1) });
    assert.equal(r.error, undefined, r.error);
    total += r.score;
  }
  await provider.close();
  return total / bench.tasks().length;
}

Deno.test({
  name: "world: architectures score differently and the best beats no memory",
  ignore: openMemory === undefined,
  fn: async () => {
    const embedder = new HashEmbedder(384);
    const baseline = await meanScore(new NoMemoryProvider());
    const scores: number[] = [];
    for (const [i, raw] of ARCHITECTURES.entries()) {
      const parsed = parseSpec({ schema_version: "1", ...raw });
      assert.ok(parsed.ok);
      const dir = await Deno.makeTempDir({ prefix: "world_memory_" });
      try {
        const plan = compileSpec(parsed.value, { baseDir: dir });
        const provider = await openMemory!(plan, {
          embedder,
          clock: logicalClock(),
          newId: sequentialIds(`a${i}`),
        });
        scores.push(await meanScore(provider));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    }
    const best = Math.max(...scores);
    assert.ok(best - Math.min(...scores) > 0, `no spread: ${scores}`);
    assert.ok(best > baseline + 0.05, `best ${best} vs no memory ${baseline} (${scores})`);
  },
});
