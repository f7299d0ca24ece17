/**
 * Runs untrusted JavaScript in a separate Deno process with no permissions at all (no files,
 * network, environment, subprocesses or FFI), no remote or npm imports, no project config, a V8
 * heap limit, a wall-clock limit (the process is killed), and capped output (the process is
 * killed once it prints too much). The child gets an empty environment, so no secret can reach it.
 *
 * Limitation: `--max-old-space-size` bounds the JavaScript heap; large typed arrays live outside
 * it and are bounded only by the time limit and V8's own allocation checks.
 *
 * @module
 */
import { concatBytes } from "../../core/strict_json.ts";

/** Limits of one sandboxed run. */
export interface SandboxLimits {
  /** Wall-clock limit in milliseconds (default 10 000). */
  readonly timeoutMs: number;
  /** V8 old-space limit in MiB (default 128). */
  readonly memoryMb: number;
  /** Most bytes kept of stdout and of stderr each (default 16 KiB). */
  readonly maxOutputBytes: number;
}

/** Defaults: 10 s, 128 MiB, 16 KiB. */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 10_000,
  memoryMb: 128,
  maxOutputBytes: 16 * 1024,
};

/** How a sandboxed run ended. */
export interface SandboxResult {
  readonly status: "ok" | "error" | "timeout" | "out_of_memory" | "output_limit";
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@linkcode runSandboxedJs}. */
export interface SandboxOptions {
  readonly limits?: Partial<SandboxLimits>;
  /** The Deno binary (default: the running one). */
  readonly denoPath?: string;
  readonly signal?: AbortSignal;
}

async function drain(
  stream: ReadableStream<Uint8Array>,
  max: number,
  onOverflow: () => void,
): Promise<string> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let overflow = false;
  for await (const chunk of stream) {
    if (overflow) continue;
    const room = max - kept;
    if (chunk.byteLength > room) {
      chunks.push(chunk.subarray(0, room));
      kept = max;
      overflow = true;
      onOverflow();
      continue;
    }
    chunks.push(chunk);
    kept += chunk.byteLength;
  }
  return new TextDecoder().decode(concatBytes(chunks));
}

/** Runs `code` (a JavaScript module) under the sandbox and reports how it ended. */
export async function runSandboxedJs(
  code: string,
  options: SandboxOptions = {},
): Promise<SandboxResult> {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const child = new Deno.Command(options.denoPath ?? Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      "--no-config",
      "--no-lock",
      "--no-remote",
      "--no-npm",
      "--ext=js",
      `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
      "-",
    ],
    clearEnv: true,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let reason: "timeout" | "output_limit" | "aborted" | undefined;
  const kill = (why: typeof reason) => {
    reason ??= why;
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => kill("timeout"), limits.timeoutMs);
  const onAbort = () => kill("aborted");
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(code)).catch(() => {});
    await writer.close().catch(() => {});
    const [stdout, stderr, status] = await Promise.all([
      drain(child.stdout, limits.maxOutputBytes, () => kill("output_limit")),
      drain(child.stderr, limits.maxOutputBytes, () => kill("output_limit")),
      child.status,
    ]);
    const oom = /heap out of memory|Reached heap limit|allocation failed/i.test(stderr);
    const outcome: SandboxResult["status"] = reason === "timeout" || reason === "aborted"
      ? "timeout"
      : reason === "output_limit"
      ? "output_limit"
      : oom
      ? "out_of_memory"
      : status.success
      ? "ok"
      : "error";
    return { status: outcome, exitCode: status.signal ? null : status.code, stdout, stderr };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
