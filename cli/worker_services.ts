/**
 * The services of `automem worker`: the search's real services, plus, for web-benchmark units
 * (GAIA, WebWalkerQA, xBench-DeepSearch), the same agent toolkit an in-process search builds
 * (`web_toolkit.ts`), made once per benchmark kind on the first such unit. Search providers and
 * reader keys come from the worker's own environment, like its model keys; `--fixture_web`
 * serves (or, when a coordinator on this machine already does, shares) the fixture web.
 *
 * @module
 */
import type { BenchmarkOptions } from "../bench/registry.ts";
import { PromiseCache } from "../core/promise_cache.ts";
import type { WebToolkit } from "../bench/web_bench/toolkit.ts";
import type { SearchServices } from "../search/services.ts";
import type { Flags } from "./args.ts";
import { booleanFlag as B } from "./flag_builders.ts";
import type { FlagDef } from "./args.ts";
import type { CliIo } from "./io.ts";

/** The worker's web flags (the same names as `automem search`'s). */
export const WORKER_WEB_FLAGS: readonly FlagDef[] = [
  B("fixture_web", "web units: serve the fixture web on 127.0.0.1 (or share the one served)"),
  {
    name: "fixture_port",
    type: "number",
    description: "port of the fixture web (the fixture task files name it)",
    default: 38117,
  },
  B("allow_private_addresses", "web units: let the fetch tools reach private hosts"),
];

/** The worker's services and how to release them (fixture web, toolkits). */
export async function workerServices(
  flags: Flags,
  io: CliIo,
): Promise<{ services: SearchServices; close: () => Promise<void> }> {
  const { defaultServices } = await import("../search/services.ts");
  const { webKindOf } = await import("../bench/web_bench/kinds.ts");
  const toolkits = new PromiseCache<WebToolkit>();
  const toolkitFor = (kind: NonNullable<ReturnType<typeof webKindOf>>) =>
    toolkits.get(kind.key, async () => {
      const { buildWebToolkit } = await import("./web_toolkit.ts");
      return await buildWebToolkit(kind, {
        io,
        allowPrivate: flags.allow_private_addresses === true,
        offline: false,
        ...(flags.fixture_web === true
          ? { fixturePort: Number(flags.fixture_port), shareFixture: true }
          : {}),
      });
    });
  return {
    services: {
      ...defaultServices,
      createBenchmark: async (name: string, opts: BenchmarkOptions) => {
        const kind = webKindOf(name);
        if (!kind) return await defaultServices.createBenchmark(name, opts);
        const { createBenchmark } = await import("../bench/registry.ts");
        return await createBenchmark(name, { ...opts, webToolkit: await toolkitFor(kind) });
      },
    },
    close: async () => {
      for (const t of await toolkits.values()) await t.close?.();
    },
  };
}
