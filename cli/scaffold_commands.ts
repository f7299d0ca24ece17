/**
 * `automem scaffold <spec|v0|play|evolve|export|serve>`: the memory-as-files scaffold commands.
 * One command with subcommands keeps the command table small; each subcommand checks the flags
 * it needs.
 *
 * @module
 */
import type { FlagDef } from "./args.ts";
import type { CommandContext, CommandDef } from "./command.ts";
import { EXIT, UsageError } from "./io.ts";
import { QUEUE_FLAG } from "./queue_commands.ts";
import { booleanFlag as B, numberFlag as N, stringFlag as S } from "./flag_builders.ts";

/** Flags of every `scaffold` subcommand. */
export const SCAFFOLD_FLAGS: readonly FlagDef[] = [
  S("env", "game environment: tiny, nethack, crawl", "ENV"),
  S("scaffold", "scaffold spec file (default: the environment's v0)", "FILE"),
  S("seeds", "episode seeds, e.g. 42-51 or 1,2,5", "LIST"),
  S("heldout_seeds", "seeds never used for a decision, reported at the end", "LIST"),
  N("iterations", "evolution iterations (default 5)"),
  N("attempts", "fresh proposals per iteration (default 3)"),
  N("max_steps", "steps per episode (default 400 tiny, 200 real games)"),
  S("proposer", "rules (offline, default) | model (SEARCH role)", "NAME"),
  S("selector", "rules (default) | judge (JUDGE role)", "NAME"),
  S("output_dir", "parent of run directories (default runs/scaffold)", "DIR"),
  S("run_name", "run directory name", "NAME"),
  S("out", "output directory of exported data", "DIR"),
  B("resume", "continue an existing run exactly where it stopped"),
  B("force_new", "discard an existing run directory and start over"),
  B("persist_memory", "persistent files carry over between episodes"),
  B("offline", "scripted memory and game policies even when models are configured"),
  S("model", "task model id", "ID"),
  S("memory_model", "memory model id (default: the task model)", "ID"),
  S("search_model", "SEARCH-role model id", "ID"),
  S("judge_model", "JUDGE-role model id", "ID"),
  N("port", "serve: port (default 8765)"),
  S("host", "serve: interface (default 127.0.0.1)", "HOST"),
  N("max_body_bytes", "serve: larger requests are refused with 413 (default 4 MiB)"),
  S("token", "serve: bearer token (required off loopback; default AUTOMEM_STATUS_TOKEN)", "TOKEN"),
  B("quiet", "no progress output"),
  {
    ...QUEUE_FLAG,
    description:
      "evolve: play each episode as a job on `automem worker`s (not with --persist_memory)",
  },
];

/** `automem scaffold`. */
export const scaffoldCommand: CommandDef = {
  name: "scaffold",
  usage:
    "automem scaffold spec FILE... | v0 --env E | play --env E --seeds A-B | evolve --env E --seeds A-B [--iterations N] [--heldout_seeds C-D] | export --env E --seeds A-B --out DIR | serve --scaffold FILE [--port P]",
  summary:
    "Memory-as-files scaffolds: validate and fingerprint specs, play episodes, evolve a scaffold from traces, export memory-specialist data, serve a BALROG agent endpoint.",
  flags: SCAFFOLD_FLAGS,
  positionals: { min: 1 },
  async run(ctx: CommandContext): Promise<number> {
    // The scaffold stack (games, endpoint, export) loads only when this command runs.
    const { scaffoldSubcommands } = await import("./scaffold_subcommands.ts");
    const [sub, ...rest] = ctx.positionals;
    const handler = scaffoldSubcommands[sub];
    if (!handler) {
      throw new UsageError(
        `unknown subcommand '${sub}'; expected one of: ${
          Object.keys(scaffoldSubcommands).join(", ")
        }`,
      );
    }
    return (await handler({ ...ctx, positionals: rest })) ?? EXIT.ok;
  },
};
