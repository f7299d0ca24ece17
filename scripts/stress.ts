/**
 * `deno task stress`: runs the tests that are prone to flake under load (the pty games, Kùzu,
 * the queue and the interrupt tests) several times while CPU-saturating processes run beside
 * them, and reports each failing run with the failing test names. The gate must pass on a loaded
 * machine; this is how to check it does.
 *
 * Usage: `deno task stress [--runs N] [--load K] [FILE...]` (default 5 runs, 2 burners, the
 * files below).
 *
 * @module
 */

/** Tests with real processes, native code or many subprocesses: the ones load can upset. */
export const FLAKY_PRONE = [
  "bench/games/",
  "stores/kuzu_adapter_test.ts",
  "stores/kuzu_append_test.ts",
  "stores/graph_store_test.ts",
  "stores/graph_reads_test.ts",
  "stores/store_repair_test.ts",
  "tests/scaffold_real_games_test.ts",
  "tests/search_nethack_test.ts",
  "tests/search_interrupt_test.ts",
  "tests/queue_giveup_test.ts",
];

/** Parses `--runs N --load K FILE...`. */
export function stressArgs(
  args: readonly string[],
): { runs: number; load: number; files: string[] } {
  let runs = 5, load = 2;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--runs" || args[i] === "--load") {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < (args[i - 1] === "--runs" ? 1 : 0)) {
        throw new Error(`${args[i - 1]} needs a whole number, got ${args[i]}`);
      }
      if (args[i - 1] === "--runs") runs = n;
      else load = n;
    } else files.push(args[i]);
  }
  return { runs, load, files: files.length ? files : FLAKY_PRONE };
}

/** The names of the failing tests in a `deno test` output. */
export function failingTests(output: string): string[] {
  const names = new Set<string>();
  for (const line of output.split("\n")) {
    // Colour codes are stripped first (ESC [ … m).
    const plain = line.replaceAll(String.fromCharCode(27), "").replace(/\[[0-9;]*m/g, "");
    const m = /^(.+?) \.\.\. FAILED/.exec(plain);
    if (m) names.add(m[1].trim());
  }
  return [...names];
}

/** A process that keeps one CPU busy until killed. */
function burner(): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["eval", "while (true) { Math.sqrt(Math.random()); }"],
    stdout: "null",
    stderr: "null",
  }).spawn();
}

if (import.meta.main) {
  const { runs, load, files } = stressArgs(Deno.args);
  const burners = Array.from({ length: load }, burner);
  let failed = 0;
  try {
    for (let run = 1; run <= runs; run++) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["test", "-A", ...files],
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      const summary = text.match(/^(ok|FAILED) \| .*$/m)?.[0] ?? `exit ${out.code}`;
      if (out.code !== 0) failed++;
      console.log(`run ${run}/${runs} (${load} burners): ${summary}`);
      for (const name of failingTests(text)) console.log(`  failed: ${name}`);
    }
  } finally {
    for (const b of burners) b.kill("SIGKILL");
    await Promise.all(burners.map((b) => b.status));
  }
  console.log(`${runs - failed} of ${runs} runs passed`);
  Deno.exit(failed ? 1 : 0);
}
