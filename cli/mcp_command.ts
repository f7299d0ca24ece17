/**
 * `automem mcp`: opens a memory from a spec file or a finished search's winner and serves it to
 * MCP clients over stdio (the default, for clients that start the server themselves) or over
 * streamable HTTP (`--http`, loopback unless a token protects it).
 *
 * @module
 */
import { loadConfig } from "../core/config.ts";
import { WordVectorEmbedder } from "../core/word_vector_embedder.ts";
import type { ArchitectureSpec } from "../core/spec.ts";
import { parseScope, ScopeError, type UnitScope } from "../core/unit_scope.ts";
import type { CommandDef } from "./command.ts";
import { readSpecFile } from "./core_commands.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";
import { buildEmbedder, buildModels } from "./model_deps.ts";
import type { Flags } from "./args.ts";
import { GUARD_FLAGS } from "./server_commands.ts";

async function specFrom(flags: Flags, io: CliIo): Promise<ArchitectureSpec> {
  const file = flags.spec as string | undefined;
  const run = flags.run as string | undefined;
  if ((file === undefined) === (run === undefined)) {
    throw new UsageError("pass exactly one of --spec FILE or --run RUN_DIR");
  }
  if (run !== undefined) {
    const { loadWinner } = await import("../search/load_winner.ts");
    return (await loadWinner(run)).spec;
  }
  const parsed = await readSpecFile(file!, io);
  if (!parsed.ok) {
    const why = parsed.issues.map((i) => `${i.path.join(".") || "<root>"}: ${i.message}`);
    throw new UsageError(`invalid spec ${file}: ${why.join("; ")}`);
  }
  return parsed.value;
}

const SCOPE_FLAGS = ["user_id", "agent_id", "project"] as const;

/** The default scope the flags name; a bad value is a usage error naming the flag. */
function scopeFromFlags(flags: Flags): UnitScope {
  const raw: Record<string, unknown> = {};
  for (const f of SCOPE_FLAGS) if (flags[f] !== undefined) raw[f] = flags[f];
  try {
    return parseScope(raw, "flags");
  } catch (e) {
    if (e instanceof ScopeError) {
      throw new UsageError(e.message.replace(/\bflags\.(\w+)/g, "--$1"), { cause: e });
    }
    throw e;
  }
}

/** `automem mcp`. */
export const mcpCommand: CommandDef = {
  name: "mcp",
  usage:
    "automem mcp (--spec FILE | --run RUN_DIR) [--dir DIR] [--http [--host H] [--port P] [--token T] [--allowed_hosts H,..] [--allowed_origins O,..]] [--user_id U] [--agent_id A] [--project P] [--offline]",
  summary:
    "Serve a memory (a spec, or a search's winner) to MCP clients: tools for guidance, search, lessons, transcripts, outcomes, get, list and delete, and file-memory ops (files_*, kept in DIR.files.json); one resource per unit. --user_id/--agent_id/--project set the default scope: stamped on every write and required of every read unless a call names its own. Stdio by default; --http serves streamable HTTP at /mcp, and a non-loopback host needs a token (--token or AUTOMEM_STATUS_TOKEN).",
  flags: [
    { name: "spec", type: "string", meta: "FILE", description: "architecture spec JSON" },
    { name: "run", type: "string", meta: "RUN_DIR", description: "use this search's winner" },
    {
      name: "dir",
      type: "string",
      meta: "DIR",
      default: ".automem/memory",
      description: "directory the memory lives in",
    },
    { name: "http", type: "boolean", description: "serve streamable HTTP instead of stdio" },
    { name: "host", type: "string", meta: "HOST", default: "127.0.0.1", description: "address" },
    { name: "port", type: "number", default: 8788, description: "port (0 picks a free one)" },
    { name: "token", type: "string", meta: "T", description: "bearer token for every request" },
    ...GUARD_FLAGS,
    ...SCOPE_FLAGS.map((name) => ({
      name,
      type: "string" as const,
      meta: name === "project" ? "P" : name === "user_id" ? "U" : "A",
      description: `default ${name} of every write and read (a call's own ${name} overrides it)`,
    })),
    {
      name: "offline",
      type: "boolean",
      description:
        "no models: the offline word-vector embedder and offline rules even when models are configured",
    },
  ],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    const config = loadConfig({ env: io.env, cwd: io.cwd });
    const token = (flags.token as string | undefined) ?? config.statusToken?.reveal();
    const host = String(flags.host);
    const port = Number(flags.port);
    const { checkBind, ServeError } = await import("../server/serve.ts");
    const refused = (e: unknown) =>
      e instanceof ServeError && e.code !== "address_in_use"
        ? new UsageError(e.message, { cause: e })
        : e;
    try {
      // Refuse a bad bind before opening (and possibly creating) the memory directory.
      if (flags.http === true) checkBind(host, port, token);
    } catch (e) {
      throw refused(e);
    }
    const scope = scopeFromFlags(flags);
    const spec = await specFrom(flags, io);
    const offline = flags.offline === true;
    const { createMemory } = await import("../memory/create_memory.ts");
    const mcp = await import("../server/mcp/mod.ts");
    await using memory = await createMemory({
      spec,
      dir: String(flags.dir),
      embedder: offline ? new WordVectorEmbedder() : buildEmbedder(config),
      models: offline ? {} : { memory: buildModels(config).memory },
      scope,
      signal: io.signal,
    });
    const files = await mcp.McpFiles.open(mcp.filesPathFor(String(flags.dir)));
    if (flags.http !== true) {
      await mcp.serveMcpStdio(memory, files);
      return EXIT.ok;
    }
    try {
      const { listFlag } = await import("../server/host_guard.ts");
      const server = mcp.serveMcpHttp(memory, {
        host,
        port,
        token,
        files,
        signal: io.signal,
        allowedHosts: listFlag(flags.allowed_hosts as string | undefined),
        allowedOrigins: listFlag(flags.allowed_origins as string | undefined),
      });
      io.stderr(`automem mcp: ${server.url}${mcp.MCP_PATH.slice(1)} (Ctrl-C stops)\n`);
      await server.finished;
      return EXIT.ok;
    } catch (e) {
      throw refused(e);
    }
  },
};
