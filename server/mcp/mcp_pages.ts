/**
 * Cursor pagination of unit listings (MCP `resources/list` and the `memory_list` tool), SDK-free.
 * Pages are in id order and a cursor names the last id handed out, so a walk lists every unit that
 * exists throughout it exactly once, even when others are added or deleted between pages (an
 * offset would skip or repeat units then). The cursor is opaque to clients: base64url JSON.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";

/** Units per `resources/list` page unless the server is told otherwise. */
export const PAGE_SIZE = 500;

/** Codes of {@linkcode McpInputError}: `invalid_cursor` is a cursor this server never issued. */
export type McpInputErrorCode = "invalid_cursor";

/** A request parameter the MCP layer cannot use (answered as JSON-RPC -32602). */
export class McpInputError extends AutomemError {
  /** Why the parameter was refused. */
  declare readonly code: McpInputErrorCode;
  /** Builds the error. */
  constructor(code: McpInputErrorCode, message: string) {
    super(code, message);
    this.name = "McpInputError";
  }
}

/** One page and the cursor of the next, absent on the last page. */
export interface Page<T> {
  /** This page's items, in id order. */
  items: T[];
  /** The opaque cursor of the next page; absent on the last. */
  nextCursor?: string;
}

/** The opaque cursor of the page after `id`. */
export function encodeCursor(id: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ after: id }));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The id a cursor continues after; throws {@linkcode McpInputError} on anything else. */
export function decodeCursor(cursor: string): string {
  const bad = () => new McpInputError("invalid_cursor", `cursor '${cursor}' was not issued here`);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let parsed: unknown;
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const text = new TextDecoder("utf-8", { fatal: true })
      .decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    parsed = JSON.parse(text);
  } catch {
    throw bad();
  }
  const after = (parsed as { after?: unknown } | null)?.after;
  if (typeof after !== "string" || after === "") throw bad();
  return after;
}

/** The page of `units` (any order) that follows `cursor` (none: the first page). */
export function pageOf<T extends { id: string }>(
  units: readonly T[],
  cursor: string | undefined,
  size: number,
): Page<T> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const sorted = [...units].sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const rest = after === undefined ? sorted : sorted.filter((u) => u.id > after);
  const items = rest.slice(0, size);
  return rest.length > size ? { items, nextCursor: encodeCursor(items.at(-1)!.id) } : { items };
}
