/**
 * The one file that imports `@modelcontextprotocol/sdk`. It registers the SDK-free tools of
 * `mcp_tools.ts` and the unit resources on an SDK server, serves it over stdio or answers
 * streamable-HTTP requests, and connects the SDK's own client (for tests and for programs that
 * drive an automem MCP server). Swapping SDKs means rewriting this file only.
 *
 * @module
 */
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client/index.js";
import { StdioClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/stdio.js";
import { StreamableHTTPClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp.js";
import { McpServer, ResourceTemplate } from "npm:@modelcontextprotocol/sdk@1.32.2/server/mcp.js";
import { StdioServerTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/server/stdio.js";
import { WebStandardStreamableHTTPServerTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp.js";
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
} from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
import process from "node:process";
import { PassThrough } from "node:stream";
import { isAutomemError } from "../../core/automem_error.ts";
import { VERSION } from "../../core/version.ts";
import type { AutomemMemory } from "../../memory/memory_client.ts";
import { FILE_TOOLS, type McpFiles } from "./mcp_files.ts";
import { idNear, LineLimiter, oversizeReply } from "./mcp_limits.ts";
import { PAGE_SIZE, pageOf } from "./mcp_pages.ts";
import { MEMORY_TOOLS, unitView } from "./mcp_tools.ts";

/** JSON-RPC error code of a missing resource (MCP specification, resources/read). */
export const RESOURCE_NOT_FOUND = -32002;

/** URI template of the unit resources. */
export const UNIT_URI_TEMPLATE = "automem://units/{id}";

/** A client connected to an MCP server (the SDK's own client). */
export type McpClient = Client;

function json(value: unknown): { type: "text"; text: string } {
  return { type: "text", text: JSON.stringify(value, null, 2) };
}

/** Options of {@linkcode createMcpServer}. */
export interface McpServerOptions {
  /** Units per `resources/list` page (default {@linkcode PAGE_SIZE}). */
  pageSize?: number;
}

/** A cursor this server never issued is the caller's invalid parameter (JSON-RPC -32602). */
function invalidParams(error: unknown): unknown {
  return isAutomemError(error, "invalid_cursor")
    ? new McpError(ErrorCode.InvalidParams, error.message)
    : error;
}

/**
 * An SDK server exposing `memory`: the tools and one resource per active unit, plus the `files_*`
 * tools when a file-system memory is given.
 */
export function createMcpServer(
  memory: AutomemMemory,
  files?: McpFiles,
  options: McpServerOptions = {},
): McpServer {
  const server = new McpServer({ name: "automem", version: VERSION });
  for (const t of files ? FILE_TOOLS : []) {
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: t.input,
        annotations: t.annotations,
      },
      async (args: Record<string, unknown>) => ({
        content: [{ type: "text" as const, text: await t.run(files!, args as never) }],
      }),
    );
  }
  for (const t of MEMORY_TOOLS) {
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: t.input,
        annotations: t.annotations,
      },
      async (args: Record<string, unknown>) => {
        try {
          return { content: [json(await t.run(memory, args as never))] };
        } catch (error) {
          // Typed automem errors are the caller's to fix: say why, as a tool error, not a crash.
          if (!isAutomemError(error) || error.code === "invalid_cursor") throw invalidParams(error);
          return { isError: true, content: [json({ code: error.code, message: error.message })] };
        }
      },
    );
  }
  server.registerResource(
    "unit",
    // Listed by the paginated handler below: the SDK's own ignores `cursor`.
    new ResourceTemplate(UNIT_URI_TEMPLATE, { list: undefined }),
    { title: "Memory unit", description: "One memory unit as JSON", mimeType: "application/json" },
    async (uri: URL, variables: Record<string, string | string[]>) => {
      const id = decodeURIComponent(String(variables.id));
      const unit = await memory.get(id);
      // The specification's code for a missing resource, not an internal error.
      if (unit === undefined) {
        throw new McpError(RESOURCE_NOT_FOUND, `no unit has id '${id}'`, { uri: uri.href });
      }
      return {
        contents: [{
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify(unitView(unit), null, 2),
        }],
      };
    },
  );
  server.server.setRequestHandler(
    ListResourcesRequestSchema,
    async (request: { params?: { cursor?: string } }) => {
      let page;
      try {
        page = pageOf(await memory.list(), request.params?.cursor, options.pageSize ?? PAGE_SIZE);
      } catch (error) {
        throw invalidParams(error);
      }
      return {
        resources: page.items.map((u) => ({
          uri: `automem://units/${encodeURIComponent(u.id)}`,
          name: u.id,
          title: "Memory unit",
          description: `${u.type} from ${u.source_task_id}`,
          mimeType: "application/json",
        })),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
  );
  return server;
}

/** Serves `memory` over this process's stdin/stdout until the client disconnects. */
export async function serveMcpStdio(memory: AutomemMemory, files?: McpFiles): Promise<void> {
  const server = createMcpServer(memory, files);
  // Whole lines only reach the SDK; an oversized one is answered here and skipped, so the
  // SDK's reader never hits its own limit (which would end the session without a word).
  const input = new PassThrough();
  const limiter = new LineLimiter((head, tail) => {
    process.stdout.write(JSON.stringify(oversizeReply(idNear(head, tail))) + "\n");
  });
  process.stdin.on("data", (chunk: Uint8Array) => {
    const lines = limiter.push(chunk);
    if (lines.length > 0) input.write(lines);
  });
  const transport = new StdioServerTransport(input, process.stdout);
  const closed = new Promise<void>((resolve) => transport.onclose = resolve);
  await server.connect(transport);
  // The SDK transport never notices a closed stdin; a client that ends it is done with us, and
  // returning lets the caller close the memory (flushing its store) before the process exits.
  process.stdin.once("end", () => void server.close());
  await closed;
}

/**
 * Answers one streamable-HTTP MCP request. Stateless: each request gets its own SDK server and
 * transport over the shared memory (whose calls are queued), so no session state can leak.
 */
export async function handleMcpHttp(
  memory: AutomemMemory,
  request: Request,
  files?: McpFiles,
  options: McpServerOptions = {},
): Promise<Response> {
  const server = createMcpServer(memory, files, options);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

async function connect(transport: StdioClientTransport | StreamableHTTPClientTransport) {
  const client = new Client({ name: "automem-client", version: VERSION });
  await client.connect(transport);
  return client;
}

/** Starts `command args` as an MCP server on stdio and connects the SDK client to it. */
export function connectMcpStdio(options: {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}): Promise<McpClient> {
  return connect(new StdioClientTransport({ ...options, stderr: "pipe" }));
}

/** Connects the SDK client to a streamable-HTTP MCP endpoint, sending `token` as a bearer. */
export function connectMcpHttp(url: string, token?: string): Promise<McpClient> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
}
