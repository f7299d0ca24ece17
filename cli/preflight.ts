/**
 * The pre-flight check: before a long command spends time or money, every configured endpoint
 * gets one cheap, time-bounded call (a one-token chat completion, a one-word embedding). A dead
 * endpoint then fails in seconds with its (redacted) address and cause, instead of hours later as
 * a run of zero scores. `--skip_preflight` opts out.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";
import type { AutomemConfig, RoleConfig } from "../core/config.ts";
import { createOpenAIChatModel, createOpenAIEmbedder } from "../core/openai_adapter.ts";
import { redactUrl, redactUrlsIn } from "../core/redact_url.ts";

/** One endpoint that failed its pre-flight call. */
export interface PreflightFailure {
  /** Roles served by the endpoint (`task`, `judge`, `embedding`, …). */
  roles: string[];
  /** The endpoint, redacted. */
  endpoint: string;
  model: string;
  /** Why the call failed (redacted). */
  cause: string;
}

/** The pre-flight check failed; the message lists every failing endpoint. */
export class PreflightError extends AutomemError {
  /** Every failing endpoint. */
  readonly failures: readonly PreflightFailure[];
  /** Builds the error from its failures. */
  constructor(failures: readonly PreflightFailure[]) {
    super(
      "preflight",
      "pre-flight check failed (use --skip_preflight to start anyway):\n" +
        failures.map((f) => `  ${f.roles.join(",")}: ${f.model} at ${f.endpoint}: ${f.cause}`)
          .join("\n"),
    );
    this.name = "PreflightError";
    this.failures = failures;
  }
}

function scrubKey(text: string, key: string): string {
  return key.length >= 4 ? text.split(key).join("***") : text;
}

/** Options of {@linkcode preflight}. */
export interface PreflightOptions {
  /** Chat roles the command will call (absent or offline roles are skipped). */
  roles: readonly (keyof AutomemConfig["roles"])[];
  /** Per-call bound (default 15 000 ms); one retry at most. */
  timeoutMs?: number;
  /** Replaces `fetch` (tests). */
  fetch?: typeof fetch;
}

/**
 * Calls each distinct (endpoint, model) among `roles` once, plus the embedder when it is remote;
 * throws {@linkcode PreflightError} naming every endpoint that failed.
 */
export async function preflight(config: AutomemConfig, opts: PreflightOptions): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const checks = new Map<string, { kind: "chat" | "embed"; role: RoleConfig; roles: string[] }>();
  const add = (kind: "chat" | "embed", name: string, role: RoleConfig) => {
    if (!role.endpoint) return;
    const key = `${kind}\n${role.endpoint.baseURL}\n${role.model}`;
    const seen = checks.get(key);
    if (seen) seen.roles.push(name);
    else checks.set(key, { kind, role, roles: [name] });
  };
  for (const name of opts.roles) {
    if (name !== "embedding") add("chat", name, config.roles[name]);
  }
  if (config.embedder === "openai") add("embed", "embedding", config.roles.embedding);
  const failures: PreflightFailure[] = [];
  await Promise.all([...checks.values()].map(async ({ kind, role, roles }) => {
    const endpoint = role.endpoint!;
    const conn = {
      baseURL: endpoint.baseURL,
      apiKey: endpoint.apiKey.reveal(),
      model: role.model,
      timeoutMs,
      maxRetries: 1,
      fetch: opts.fetch,
    };
    try {
      if (kind === "chat") {
        await createOpenAIChatModel(conn).chat({
          messages: [{ role: "user", content: "Reply with OK." }],
          maxTokens: 1,
        });
      } else {
        await createOpenAIEmbedder({ ...conn, dim: config.embeddingDim ?? undefined }).embed([
          "ok",
        ]);
      }
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      failures.push({
        roles,
        endpoint: redactUrl(endpoint.baseURL),
        model: role.model,
        cause: redactUrlsIn(scrubKey(text, endpoint.apiKey.reveal())),
      });
    }
  }));
  if (failures.length) throw new PreflightError(failures);
}
