/**
 * The `run_javascript` tool: the agent's calculator and data wrangler. Code runs in the
 * permissionless sandbox of `js_sandbox.ts`; the agent sees what it printed and, on failure, why
 * it stopped (error, time limit, memory limit, output limit).
 *
 * @module
 */
import { z } from "zod";
import { runSandboxedJs, type SandboxLimits, type SandboxResult } from "./js_sandbox.ts";
import { bounded, errorResult, parseArgs } from "./tool_result.ts";
import type { AgentTool, ToolResult } from "./tool_port.ts";

/** Arguments of `run_javascript`. */
export const ComputeArgsSchema = z.object({ code: z.string().min(1).max(50_000) });

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
        "no file, network or environment access and limited time and memory.",
      parameters: {
        type: "object",
        properties: { code: { type: "string", description: "The JavaScript source to run." } },
        required: ["code"],
        additionalProperties: false,
      },
    },
    async call(args, ctx) {
      try {
        const { code } = parseArgs(ComputeArgsSchema, args, "run_javascript");
        const result = await runSandboxedJs(code, {
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
