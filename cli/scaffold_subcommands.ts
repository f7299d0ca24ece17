/**
 * The subcommands of `automem scaffold`.
 *
 * @module
 */
import { scaffoldFingerprint } from "../scaffold/spec.ts";
import { readScaffoldFile } from "../scaffold/spec_file.ts";
import { v0Scaffold } from "../scaffold/v0.ts";
import type { CommandContext } from "./command.ts";
import { prettySorted } from "./core_commands.ts";
import { EXIT, UsageError } from "./io.ts";

/** One subcommand. */
export type Subcommand = (ctx: CommandContext) => Promise<number>;

/** `scaffold spec FILE...`: validate and fingerprint. */
async function specSub({ positionals, io }: CommandContext): Promise<number> {
  if (positionals.length === 0) throw new UsageError("scaffold spec needs at least one FILE");
  let failed = false;
  for (const file of positionals) {
    const parsed = await readScaffoldFile(
      file,
      (p) => p === "-" ? io.readStdin() : io.readTextFile(p),
    );
    if (parsed.ok) {
      io.stdout(
        JSON.stringify({
          file,
          valid: true,
          fingerprint: scaffoldFingerprint(parsed.value),
          spec: parsed.value,
        }) + "\n",
      );
    } else {
      failed = true;
      io.stdout(JSON.stringify({ file, valid: false, issues: parsed.issues }) + "\n");
    }
  }
  return failed ? EXIT.failure : EXIT.ok;
}

/** `scaffold v0 --env E`: print the v0 scaffold. */
function v0Sub({ flags, io }: CommandContext): Promise<number> {
  const env = flags.env as string | undefined;
  if (!env) throw new UsageError("scaffold v0 needs --env");
  io.stdout(prettySorted(v0Scaffold(env)) + "\n");
  return Promise.resolve(EXIT.ok);
}

/** Subcommands by name. */
export const scaffoldSubcommands: Record<string, Subcommand> = {
  spec: specSub,
  v0: v0Sub,
};
