/**
 * The `run_javascript` tool: the agent's calculator and data wrangler. Code runs in the
 * permissionless sandbox of `js_sandbox.ts`; the agent sees what it printed and, on failure, why
 * it stopped (error, time limit, memory limit, output limit). Attachments the call names in
 * `files` are read here (inside the task folder only) and handed to the code whole as `FILES`,
 * so a sum over all 500 rows of a spreadsheet is computed, not guessed from a cut view.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { runSandboxedJs, type SandboxLimits, type SandboxResult } from "./js_sandbox.ts";
import { bounded, errorResult, parseArgs } from "./tool_result.ts";
import type { AgentTool, ToolContext, ToolResult } from "./tool_port.ts";
import { resolveAttachment } from "./attachment_path.ts";
import { readAttachmentData } from "./attachment_reader.ts";
import { WebToolError } from "./web_error.ts";

/** Arguments of `run_javascript`. */
export const ComputeArgsSchema = z.object({
  code: z.string().min(1).max(50_000),
  files: z.array(z.string().trim().min(1).max(500)).max(10).default([]),
});

/** Largest attachment handed to the code, in bytes. */
const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** The `FILES` object the code sees: each named attachment's whole content as data. */
async function filesGlobal(names: readonly string[], ctx: ToolContext): Promise<string> {
  if (names.length === 0) return "";
  if (!ctx.attachmentsDir) throw new WebToolError("not_found", "this task has no attached files");
  const files: Record<string, unknown> = {};
  for (const name of names) {
    const path = await resolveAttachment(ctx.attachmentsDir, name);
    const { size } = await Deno.stat(path);
    if (size > MAX_FILE_BYTES) {
      throw new WebToolError("too_large", `${name} is ${size} bytes, limit ${MAX_FILE_BYTES}`);
    }
    files[name] = await readAttachmentData(name, await Deno.readFile(path));
  }
  // A JSON literal is a valid JavaScript expression, so the data needs no parsing step.
  return `const FILES = ${JSON.stringify(files)};\n`;
}

/** Options of {@linkcode computeTool}. */
export interface ComputeToolOptions {
  readonly limits?: Partial<SandboxLimits>;
  /** The Deno binary that runs the code (default: the running one). */
  readonly denoPath?: string;
}

function describe(result: SandboxResult, limits: Partial<SandboxLimits>): ToolResult {
  const out = result.stdout.trimEnd();
  const stdout = out ? `stdout:\n${bounded(out, 8000)}` : "stdout: (nothing printed)";
  // The first lines of stderr hold the error; V8's GC log and C stack add nothing for the agent.
  const err = result.stderr.split("\n").filter((l) => l.trim()).slice(0, 12).join("\n");
  switch (result.status) {
    case "ok":
      return { ok: true, content: stdout };
    case "error":
      return {
        ok: false,
        error: "script_error",
        content: `The script failed (exit code ${result.exitCode}).\n${
          bounded(err, 3000)
        }\n${stdout}`,
      };
    case "timeout":
      return {
        ok: false,
        error: "timeout",
        content: `The script was stopped after ${limits.timeoutMs ?? 10_000} ms.\n${stdout}`,
      };
    case "out_of_memory":
      return {
        ok: false,
        error: "out_of_memory",
        content: `The script ran out of memory (limit ${limits.memoryMb ?? 128} MiB).\n${stdout}`,
      };
    case "output_limit":
      return {
        ok: false,
        error: "too_large",
        content: `The script printed too much and was stopped. First part:\n${stdout}`,
      };
  }
}

/** The `run_javascript` tool. */
export function computeTool(options: ComputeToolOptions = {}): AgentTool {
  return {
    spec: {
      name: "run_javascript",
      description: "Run JavaScript (an ES module; top-level await allowed) for exact " +
        "arithmetic, dates or data processing. Print results with console.log. The code has " +
        "no file, network or environment access and limited time and memory, but attached " +
        "files named in `files` are given whole as the global FILES: FILES[name] is an array " +
        "of rows for CSV/TSV (header first), {sheet: rows} for .xlsx, parsed JSON, or text.",
      parameters: {
        type: "object",
        properties: {
          code: { type: "string", description: "The JavaScript source to run." },
          files: {
            type: "array",
            items: { type: "string" },
            description: "Attachment file names to load into FILES (all rows, no cut).",
          },
        },
        required: ["code"],
        additionalProperties: false,
      },
    },
    async call(args, ctx) {
      try {
        const { code, files } = parseArgs(ComputeArgsSchema, args, "run_javascript");
        const result = await runSandboxedJs(`${await filesGlobal(files, ctx)}${code}`, {
          limits: options.limits,
          denoPath: options.denoPath,
          signal: ctx.signal,
        });
        return describe(result, options.limits ?? {});
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}
