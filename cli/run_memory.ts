/**
 * The memory of an `automem run`: none without `--spec`, else the compiled spec's store under the
 * run folder, or, for protected benchmarks, in a private RAM-backed temporary folder removed at
 * exit.
 *
 * @module
 */
import { makeRamTempDir } from "../core/ram_temp.ts";
import { join, resolve } from "node:path";
import type { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import type { loadConfig } from "../core/config.ts";
import type { ChatModel } from "../core/ports.ts";
import type { MemoryProvider } from "../memory/provider_port.ts";
import { NoMemoryProvider } from "../memory/no_memory.ts";
import { openMemory } from "../memory/open_memory.ts";
import type { WebBenchmarkKind } from "../bench/web_bench/kinds.ts";
import { type Flags, trimmedFlag } from "./args.ts";
import { readSpecFile } from "./core_commands.ts";
import { type CliIo, UsageError } from "./io.ts";
import { buildEmbedder } from "./model_deps.ts";

/** Opens the run's memory provider and what removes its temporary folder afterwards. */
export async function openRunMemory(
  flags: Flags,
  io: CliIo,
  kind: WebBenchmarkKind,
  outDir: string,
  deps: {
    config: ReturnType<typeof loadConfig>;
    clock: ReturnType<typeof logicalClock>;
    memoryModel?: ChatModel;
    idPrefix: string;
  },
): Promise<{ provider: MemoryProvider; cleanup: () => Promise<void> }> {
  const specFile = trimmedFlag(flags.spec);
  if (!specFile) return { provider: new NoMemoryProvider(), cleanup: () => Promise.resolve() };
  const parsed = await readSpecFile(resolve(io.cwd, specFile), io);
  if (!parsed.ok) {
    throw new UsageError(
      `${specFile}: invalid spec:\n` +
        parsed.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n"),
    );
  }
  const temp = kind.protected ? await makeRamTempDir("automem-protected-") : null;
  const embedder = buildEmbedder(deps.config);
  const plan = compileSpec(parsed.value, {
    baseDir: temp ?? join(outDir, "memory"),
    embeddingDim: embedder.dim,
  });
  let n = 0;
  const provider = await openMemory(plan, {
    embedder,
    clock: deps.clock,
    newId: () => `${deps.idPrefix}${String(++n).padStart(6, "0")}`,
    model: deps.memoryModel,
    signal: io.signal,
  });
  return {
    provider,
    cleanup: async () => {
      if (temp) await Deno.remove(temp, { recursive: true }).catch(() => {});
    },
  };
}

/** How many `.json` files `dir` holds (0 when it is absent). */
export async function countFiles(dir: string): Promise<number> {
  let n = 0;
  try {
    for await (const e of Deno.readDir(dir)) if (e.isFile && e.name.endsWith(".json")) n++;
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return n;
}
