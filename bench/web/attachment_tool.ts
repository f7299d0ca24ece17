/**
 * The `read_attachment` tool for GAIA tasks: opens a file from the task's dataset folder (and
 * only from there), reads it by type, and returns the part relevant to `query` within a
 * character budget (condensed by the task model for long files).
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { resolveAttachment } from "./attachment_path.ts";
import {
  attachmentKind,
  type AttachmentReadOptions,
  readAttachmentBytes,
} from "./attachment_reader.ts";
import { condensePage } from "./condense.ts";
import { errorResult, okResult, parseArgs } from "./tool_result.ts";
import type { AgentTool } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** Arguments of `read_attachment`. */
export const AttachmentArgsSchema = z.object({
  file_name: z.string().trim().min(1).max(500),
  query: z.string().max(1000).default(""),
});

/** Options of {@linkcode attachmentTool}. */
export interface AttachmentToolOptions extends AttachmentReadOptions {
  /** Largest file opened, in bytes (default 25 MiB). */
  readonly maxFileBytes?: number;
  /** Character budget of the returned text (default 8000). */
  readonly maxChars?: number;
}

/** The `read_attachment` tool; files come from `ctx.attachmentsDir`. */
export function attachmentTool(options: AttachmentToolOptions = {}): AgentTool {
  const maxFileBytes = options.maxFileBytes ?? 25 * 1024 * 1024;
  const maxChars = options.maxChars ?? 8000;
  return {
    spec: {
      name: "read_attachment",
      description: "Read a file attached to the task (txt, csv, json, xlsx, pdf, docx, zip, ...) " +
        "by its file name. Returns the content relevant to `query`.",
      parameters: {
        type: "object",
        properties: {
          file_name: { type: "string", description: "The attachment's file name." },
          query: { type: "string", description: "What you need from the file." },
        },
        required: ["file_name"],
        additionalProperties: false,
      },
    },
    async call(args, ctx) {
      try {
        const { file_name, query } = parseArgs(AttachmentArgsSchema, args, "read_attachment");
        if (!ctx.attachmentsDir) {
          throw new WebToolError("not_found", "this task has no attached files");
        }
        const path = await resolveAttachment(ctx.attachmentsDir, file_name);
        const { size } = await Deno.stat(path);
        if (size > maxFileBytes) {
          throw new WebToolError(
            "too_large",
            `${file_name} is ${size} bytes, limit ${maxFileBytes}`,
          );
        }
        const bytes = await Deno.readFile(path);
        const text = await readAttachmentBytes(file_name, bytes, { ...options, question: query });
        const { text: shown, method } = await condensePage(text, {
          query,
          url: file_name,
          maxChars,
          model: ctx.model,
          signal: ctx.signal,
        });
        const note = method === "whole" ? "" : ` (long file: parts relevant to "${query}")`;
        const header = `File: ${file_name} (${attachmentKind(file_name)}, ${size} bytes)${note}`;
        return okResult(`${header}\n\n${shown}`, maxChars + 300);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}
