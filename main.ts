/**
 * `automem` command-line entry point: builds the terminal I/O, runs one command, exits with its
 * code. All behaviour lives in `cli/` and the library.
 *
 * @module
 */
import { COMMANDS } from "./cli/commands.ts";
import type { CliIo } from "./cli/io.ts";
import { runCli } from "./cli/run_cli.ts";

if (import.meta.main) {
  const controller = new AbortController();
  let interrupts = 0;
  Deno.addSignalListener("SIGINT", () => {
    // First Ctrl-C asks the command to checkpoint and stop; a second one exits at once.
    if (++interrupts > 1) Deno.exit(130);
    controller.abort();
  });
  const encoder = new TextEncoder();
  const io: CliIo = {
    stdout: (t) => Deno.stdout.writeSync(encoder.encode(t)),
    stderr: (t) => Deno.stderr.writeSync(encoder.encode(t)),
    readStdin: () => new Response(Deno.stdin.readable).text(),
    readTextFile: (p) => Deno.readTextFile(p),
    cwd: Deno.cwd(),
    isTTY: Deno.stdout.isTerminal(),
    signal: controller.signal,
  };
  const code = await runCli(Deno.args, io, COMMANDS);
  Deno.exit(code);
}
