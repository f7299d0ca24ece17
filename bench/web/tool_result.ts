/**
 * Small helpers every tool uses to turn success, failure and over-long text into a
 * {@linkcode ToolResult} the agent can read, and to validate arguments with zod.
 *
 * @module
 */
import type { z } from "../../core/zod.ts";
import type { ToolResult } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** `text` cut to `max` characters with a note saying how much was left out. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[... ${text.length - max} more characters cut]`;
}

/** A successful result with content bounded to `max` characters. */
export function okResult(content: string, max: number): ToolResult {
  return { ok: true, content: bounded(content, max) };
}

/** A failed result from any thrown value; tool errors keep their code and message. */
export function errorResult(error: unknown): ToolResult {
  if (error instanceof WebToolError) {
    return { ok: false, content: `Error (${error.code}): ${error.message}`, error: error.code };
  }
  const name = error instanceof Error ? error.name : "Error";
  return { ok: false, content: `Error: the tool failed (${name})`, error: "internal" };
}

/** Parses a tool's arguments or throws `bad_arguments` naming the field and the reason. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown, tool: string): T {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new WebToolError(
    "bad_arguments",
    `${tool}: argument ${issue.path.join(".") || "(root)"}: ${issue.message}`,
  );
}
