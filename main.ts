/**
 * `automem` command-line entry point: builds the terminal I/O, runs one command, exits with its
 * code. All behaviour lives in `cli/` and the library.
 *
 * @module
 */
import { COMMANDS } from "./cli/commands.ts";
import type { CliIo } from "./cli/io.ts";
import { runCli } from "./cli/run_cli.ts";
import { onStopSignals } from "./core/interrupts.ts";
import { redactUrlsIn } from "./core/redact_url.ts";
import { MAX_SPEC_BYTES, readStreamCapped, readTextCapped } from "./core/strict_json.ts";

if (import.meta.main) {
  const controller = new AbortController();
  // First Ctrl-C or SIGTERM asks the command to checkpoint and stop; a second one exits at once.
  onStopSignals(controller);
  const encoder = new TextEncoder();
  const io: CliIo = {
    // No output line may carry URL userinfo or query values (keys, passwords).
    stdout: (t) => Deno.stdout.writeSync(encoder.encode(redactUrlsIn(t))),
    stderr: (t) => Deno.stderr.writeSync(encoder.encode(redactUrlsIn(t))),
    // Standard input is a spec too: `spec - < /dev/zero` fails at the cap instead of filling memory.
    readStdin: () => readStreamCapped(Deno.stdin.readable, MAX_SPEC_BYTES, "standard input"),
    // Specs are small: a device such as /dev/zero or a huge file is refused, never read whole.
    readTextFile: (p) => readTextCapped(p, MAX_SPEC_BYTES),
    cwd: Deno.cwd(),
    // Progress (bars or plain lines) goes to stderr, so stderr decides.
    isTTY: Deno.stderr.isTerminal(),
    signal: controller.signal,
  };
  const code = await runCli(Deno.args, io, COMMANDS);
  Deno.exit(code);
}
