/**
 * `automem store check|repair DIR`: inspect a store directory without changing it, or salvage a
 * damaged one (damaged files are moved into `DIR/quarantine-<n>/`, never deleted).
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { EXIT, UsageError } from "./io.ts";

/** `automem store`. */
export const storeCommand: CommandDef = {
  name: "store",
  usage: "automem store check|repair DIR [--json]",
  summary:
    "Check a memory store directory (snapshot, vector files, log, Kùzu graph) without writing, or repair it: damaged files move to DIR/quarantine-<n>/, the snapshot is rebuilt from what is still readable, and a damaged graph is rebuilt from the units on the next open. Exit 1 when check finds problems.",
  flags: [{ name: "json", type: "boolean", description: "print one JSON object" }],
  positionals: { min: 2, max: 2 },
  async run({ flags, positionals, io }) {
    const [action, dir] = positionals;
    if (action !== "check" && action !== "repair") {
      throw new UsageError(`unknown store action '${action}' (check | repair)`);
    }
    const stat = await Deno.stat(dir).catch(() => null);
    if (!stat?.isDirectory) {
      io.stderr(`automem store: ${dir} is not a directory\n`);
      return EXIT.failure;
    }
    const { checkStore, repairStore } = await import("../stores/store_repair.ts");
    if (action === "check") {
      const report = await checkStore(dir);
      if (flags.json) io.stdout(JSON.stringify(report) + "\n");
      else {
        for (const l of report.logs) {
          io.stdout(`${l.name}: ${l.records} readable records\n`);
          for (const p of l.problems) io.stdout(`  problem in ${p.file}: ${p.message}\n`);
        }
        const g = report.graph;
        io.stdout(`graph: ${typeof g === "string" ? g : `problem in ${g.file}: ${g.message}`}\n`);
        if (report.read_only) io.stdout(`read-only: ${report.read_only}\n`);
        io.stdout(
          report.ok
            ? report.read_only ? "ok (read-only media: it can be read, not written)\n" : "ok\n"
            : report.read_only
            ? `damaged, on read-only media: copy ${dir} to writable media and repair the copy\n`
            : `damaged: run automem store repair ${dir}\n`,
        );
      }
      return report.ok ? EXIT.ok : EXIT.failure;
    }
    const result = await repairStore(dir);
    if (flags.json) io.stdout(JSON.stringify(result) + "\n");
    else {
      io.stdout(result.actions.length ? result.actions.join("\n") + "\n" : "nothing to repair\n");
      for (const u of result.unhealed) io.stdout(`could not heal: ${u}\n`);
      if (!result.after.ok) {
        io.stdout(`still damaged after repair: run automem store check ${dir}\n`);
      }
    }
    return result.after.ok ? EXIT.ok : EXIT.failure;
  },
};
