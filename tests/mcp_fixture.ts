/**
 * Test support for the MCP tests: a memory served over streamable HTTP on loopback to the SDK's
 * own client, torn down (server, client, directory) whatever the body does.
 *
 * @module
 */
import type { UnitScope } from "../core/unit_scope.ts";
import { createMemory } from "../memory/create_memory.ts";
import { connectMcpHttp, type McpClient, serveMcpHttp } from "../server/mcp/mod.ts";

/** The small offline spec the MCP tests serve. */
export const MCP_SPEC = {
  schema_version: "1",
  encode: ["tip"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
};

/** What {@linkcode withMcpHttp} serves. */
export interface ServedMemoryOptions {
  /** Lessons added through the library before serving; their ids go to the body. */
  lessons?: readonly string[];
  /** Units per `resources/list` page. */
  pageSize?: number;
  /** The memory's default scope. */
  scope?: UnitScope;
}

/** Serves a fresh memory over HTTP to the SDK client for `body`, then cleans up. */
export async function withMcpHttp(
  options: ServedMemoryOptions,
  body: (client: McpClient, ids: string[]) => Promise<void>,
): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "automem_mcp_http_" });
  const stop = new AbortController();
  await using memory = await createMemory({
    spec: MCP_SPEC,
    dir: `${work}/memory`,
    scope: options.scope,
  });
  const ids: string[] = [];
  for (const lesson of options.lessons ?? []) ids.push((await memory.add(lesson)).id);
  const server = serveMcpHttp(memory, { port: 0, pageSize: options.pageSize, signal: stop.signal });
  const client = await connectMcpHttp(`${server.url}mcp`);
  try {
    await body(client, ids);
  } finally {
    await client.close();
    stop.abort();
    await server.finished;
    await Deno.remove(work, { recursive: true });
  }
}
