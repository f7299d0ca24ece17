/**
 * Commands that read run directories: `serve` (the read-only status server and dashboard) and
 * `report` (Markdown or HTML with SVG plots).
 *
 * @module
 */
import { loadConfig } from "../core/config.ts";
import type { CommandDef } from "./command.ts";
import { EXIT, UsageError } from "./io.ts";

/** Flags of the Host/Origin guard every HTTP server has (`server/host_guard.ts`). */
export const GUARD_FLAGS: CommandDef["flags"] = [
  {
    name: "allowed_hosts",
    type: "string",
    meta: "H1,H2",
    description: "more Host names to accept (loopback names always pass; DNS-rebinding guard)",
  },
  {
    name: "allowed_origins",
    type: "string",
    meta: "O1,O2",
    description: "browser origins to accept besides the server's own, e.g. https://app.example",
  },
];

/** `automem serve`. */
export const serveCommand: CommandDef = {
  name: "serve",
  usage:
    "automem serve --runs_dir DIR [--host 127.0.0.1] [--port 8787] [--token T] [--allowed_hosts H,..] [--allowed_origins O,..]",
  summary:
    "Serve the read-only status API and live dashboard over a directory of runs. Binding a non-loopback host requires a token (--token or AUTOMEM_STATUS_TOKEN), sent as a bearer token.",
  flags: [
    {
      name: "runs_dir",
      type: "string",
      meta: "DIR",
      default: "runs/search",
      description: "directory holding run directories",
    },
    {
      name: "host",
      type: "string",
      meta: "HOST",
      default: "127.0.0.1",
      description: "address to bind",
    },
    { name: "port", type: "number", default: 8787, description: "port (0 picks a free one)" },
    {
      name: "token",
      type: "string",
      meta: "T",
      description: "bearer token required on every API request",
    },
    ...GUARD_FLAGS,
  ],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    const config = loadConfig({ env: io.env, cwd: io.cwd });
    const { serve, ServeError } = await import("../server/serve.ts");
    const { listFlag } = await import("../server/host_guard.ts");
    const token = (flags.token as string | undefined) ?? config.statusToken?.reveal();
    try {
      const server = await serve({
        runsDir: String(flags.runs_dir),
        host: String(flags.host),
        port: Number(flags.port),
        token,
        signal: io.signal,
        allowedHosts: listFlag(flags.allowed_hosts as string | undefined),
        allowedOrigins: listFlag(flags.allowed_origins as string | undefined),
      });
      io.stderr(`automem serve: ${server.url} (runs in ${flags.runs_dir}; Ctrl-C stops)\n`);
      await server.finished;
      return EXIT.ok;
    } catch (e) {
      if (e instanceof ServeError && e.code !== "address_in_use") {
        throw new UsageError(e.message, { cause: e });
      }
      throw e;
    }
  },
};

/** `automem report`. */
export const reportCommand: CommandDef = {
  name: "report",
  usage: "automem report RUN_DIR [--format md|html] [--out FILE]",
  summary:
    "Write a run report: the winner and why, the Pareto table, per-round tables, cost and tokens per role, the FGMD breakdown, the ledger, and SVG plots beside it. Works on finished, failed and running runs.",
  flags: [
    {
      name: "format",
      type: "string",
      default: "md",
      choices: ["md", "html"],
      description: "report format",
    },
    {
      name: "out",
      type: "string",
      meta: "FILE",
      description: "output file (default RUN_DIR/report/report.<format>)",
    },
  ],
  positionals: { min: 1, max: 1 },
  async run({ flags, positionals, io }) {
    const { writeReport } = await import("../report/mod.ts");
    const written = await writeReport(positionals[0], {
      format: flags.format as "md" | "html",
      out: flags.out as string | undefined,
    });
    io.stdout(`${written.path}\n${written.svgPaths.join("\n")}\n`);
    return EXIT.ok;
  },
};
