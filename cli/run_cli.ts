/**
 * Dispatches `automem <command> [options]`: parses flags, prints help and usage errors, and turns
 * library results into exit codes (0 ok, 1 failure, 2 usage error, 130 interrupted).
 *
 * @module
 */
import { formatHelp, parseCommandArgs } from "./args.ts";
import { type CommandDef, type CommandEntry, loadedEntry } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";

function overview(commands: readonly CommandEntry[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  const rows = commands.map((c) => `  ${c.name.padEnd(width)}${c.brief}`);
  return `Usage: automem <command> [options]\n\nCommands:\n${
    rows.join("\n")
  }\n\nRun 'automem <command> --help' for a command's options.\n`;
}

/**
 * Runs one CLI invocation and returns its exit code. `commands` is the command table (rows load
 * their command on use) or already loaded commands.
 */
export async function runCli(
  argv: string[],
  io: CliIo,
  commands: readonly (CommandEntry | CommandDef)[],
): Promise<number> {
  const table = commands.map((c) => "load" in c ? c : loadedEntry(c));
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(overview(table));
    return name ? EXIT.ok : EXIT.usage;
  }
  const entry = table.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`automem: unknown command '${name}'\n\n${overview(table)}`);
    return EXIT.usage;
  }
  const cmd = await entry.load();
  const parsed = parseCommandArgs(cmd.flags, rest);
  if (!parsed.ok) {
    io.stderr(`automem ${name}: ${parsed.message}\nRun 'automem ${name} --help' for usage.\n`);
    return EXIT.usage;
  }
  if (parsed.help) {
    io.stdout(formatHelp(cmd.usage, cmd.summary, cmd.flags));
    return EXIT.ok;
  }
  const n = parsed.positionals.length;
  if (n < cmd.positionals.min || (cmd.positionals.max !== undefined && n > cmd.positionals.max)) {
    io.stderr(`automem ${name}: wrong number of arguments\nUsage: ${cmd.usage}\n`);
    return EXIT.usage;
  }
  try {
    return await cmd.run({ flags: parsed.flags, positionals: parsed.positionals, io });
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`automem ${name}: ${e.message}\n`);
      return EXIT.usage;
    }
    // After Ctrl-C a failure is the interruption's consequence, not a fault to report.
    if (io.signal.aborted) {
      io.stderr(`automem ${name}: interrupted\n`);
      return EXIT.interrupted;
    }
    io.stderr(`automem ${name}: ${(e as Error).message}\n`);
    // A stop signal that ended a wait (a queue connecting) is an interruption, not a failure.
    return io.signal.aborted ? EXIT.interrupted : EXIT.failure;
  }
}
