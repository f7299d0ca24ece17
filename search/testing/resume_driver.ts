/**
 * A tiny search driver for the resume tests: runs a small search over the fake benchmark and
 * fake memory in a child process, and with `--kill_after N` kills itself with SIGKILL right
 * after event N was written — a real, abrupt death at a known point. With `--signal_after N SIG`
 * it sends itself SIGINT or SIGTERM instead, handled like the CLI does (stop at a safe point,
 * exit 130); the first task started after the signal waits for its delivery, so the signal
 * lands inside a task.
 *
 * Usage: `deno run -A search/testing/resume_driver.ts OUT_DIR RUN_NAME [--resume]
 * [--kill_after N | --signal_after N SIGINT|SIGTERM]`
 *
 * @module
 */
import { HashEmbedder } from "../../core/hash_embedder.ts";
import { logicalClock } from "../../core/clock.ts";
import { onStopSignals } from "../../core/interrupts.ts";
import { parseSearchConfig } from "../config.ts";
import { runSearchWith } from "../engine.ts";
import { createFakeBenchmark } from "./fake_benchmark.ts";
import { fakeServices } from "./fake_memory.ts";
import { SMALL_SEARCH_FLAGS } from "./small_search.ts";

/** The small search every resume test runs. */
export const DRIVER_FLAGS = {
  ...SMALL_SEARCH_FLAGS,
  max_rounds: 3,
  final_validation: true,
  patience: 5,
};

/** The fake benchmark of the resume tests. */
export function driverBenchmark(pause?: () => Promise<void>) {
  return createFakeBenchmark({
    n: 24,
    families: 5,
    baseRate: 0.3,
    onTask: () => pause?.() ?? Promise.resolve(),
  });
}

if (import.meta.main) {
  const [out, name, ...rest] = Deno.args;
  const killAt = rest.includes("--kill_after")
    ? Number(rest[rest.indexOf("--kill_after") + 1])
    : Infinity;
  const sigAt = rest.includes("--signal_after")
    ? Number(rest[rest.indexOf("--signal_after") + 1])
    : Infinity;
  const sig = rest[rest.indexOf("--signal_after") + 2] as Deno.Signal;
  let signalled = false;
  const controller = new AbortController();
  onStopSignals(controller);
  const delivered = new Promise<void>((resolve) =>
    controller.signal.addEventListener("abort", () => resolve(), { once: true })
  );
  // A task started after the signal was sent waits for its delivery, so it lands inside a task.
  const pause = () => signalled ? delivered : new Promise<void>((r) => setTimeout(r, 0));
  const cfg = parseSearchConfig({
    run_name: name,
    output_dir: out,
    resume: rest.includes("--resume"),
    ...DRIVER_FLAGS,
  });
  if (!cfg.ok) throw new Error(JSON.stringify(cfg.issues));
  const summary = await runSearchWith(cfg.value, {
    models: {},
    embedder: new HashEmbedder(),
    clock: logicalClock(),
    signal: controller.signal,
    onEvent: (e) => {
      if (e.seq >= killAt) Deno.kill(Deno.pid, "SIGKILL");
      if (e.seq >= sigAt && !signalled) {
        signalled = true;
        Deno.kill(Deno.pid, sig);
      }
    },
  }, fakeServices(driverBenchmark(pause)));
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(summary) + "\n"));
  Deno.exit(summary.status === "interrupted" ? 130 : 0);
}
