/**
 * Memory as a service: an MCP server (`automem mcp`) over a memory opened from a spec, for any
 * MCP client (Claude Code, Cursor, ...). Tools: guidance for a task, search, add a lesson or a
 * transcript, report an outcome, get, list and delete, and the file-system memory's operations
 * (`files_*`, persisted beside the memory directory); one resource per unit
 * (`automem://units/{id}`), listed a page at a time by cursor. Served over stdio, or streamable
 * HTTP on loopback with the status server's token rules.
 *
 * @module
 */
export {
  connectMcpHttp,
  connectMcpStdio,
  createMcpServer,
  handleMcpHttp,
  type McpClient,
  type McpServerOptions,
  serveMcpStdio,
  UNIT_URI_TEMPLATE,
} from "./mcp_adapter.ts";
export { filesPathFor, McpFiles } from "./mcp_files.ts";
export type { FsSnapshot, MemoryFs } from "../../memory/files/mod.ts";
export {
  decodeCursor,
  encodeCursor,
  McpInputError,
  type McpInputErrorCode,
  type Page,
  PAGE_SIZE,
  pageOf,
} from "./mcp_pages.ts";
export { MCP_PATH, type McpHttpOptions, serveMcpHttp } from "./mcp_serve.ts";
export type { RunningServer } from "../serve.ts";
export { ADDS, DESTROYS, READS, type ToolHints, unitView } from "./mcp_tools.ts";
