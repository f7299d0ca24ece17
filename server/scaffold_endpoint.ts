/**
 * `automem scaffold serve`: an OpenAI-compatible `POST /v1/chat/completions` in BALROG's request
 * shape (messages whose content is a string or an array of `{type: "text", text}` parts) that
 * runs the memory agent around the configured upstream model and answers with the action as the
 * assistant message, as one JSON completion or, with `stream: true`, as OpenAI's server-sent
 * chunks. Requests without a session id are told apart by their conversation (BALROG's parallel
 * workers send none). Bodies above `maxBodyBytes` are refused with 413 before they are read
 * whole. Loopback by default; any other interface needs a bearer token.
 *
 * @module
 */
import { bodyLimit, type Context, Hono, streamSSE } from "./hono.ts";
import { z } from "../core/zod.ts";
import { AutomemError } from "../core/automem_error.ts";
import { BalrogSessions, textMessages } from "../scaffold/balrog_session.ts";
import type { AgentModels } from "../scaffold/phases.ts";
import type { ScaffoldSpec } from "../scaffold/spec.ts";
import { authorized } from "./auth.ts";
import { isLoopback } from "./host_guard.ts";
import { ServeError } from "./serve.ts";

const RequestSchema = z.object({
  model: z.string().optional(),
  messages: z.array(z.object({
    role: z.string(),
    content: z.union([
      z.string(),
      z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
    ]),
  })).min(1),
  max_tokens: z.number().nullable().optional(),
  // OpenAI accepts null for "the default"; BALROG leaves temperature out or sends null.
  temperature: z.number().nullable().optional(),
  n: z.number().int().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullable()
    .optional(),
  user: z.string().optional(),
});

type ChatRequestBody = z.infer<typeof RequestSchema>;

/** Default request body limit: BALROG's largest requests (16 observations) are ~60 kB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Options of the agent endpoint. */
export interface AgentEndpointOptions {
  spec: ScaffoldSpec;
  models: AgentModels;
  token?: string;
  persistMemory?: boolean;
  /** Larger request bodies are answered with 413 (default {@linkcode DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

const invalid = (c: Context, message: string, status: 400 | 413 = 400) =>
  c.json({ error: { message, type: "invalid_request_error" } }, status);

/** The Hono app of the endpoint (tests call `app.request`). */
export function createAgentEndpoint(opts: AgentEndpointOptions): Hono {
  const sessions = new BalrogSessions(opts.spec, opts.models, opts.persistMemory);
  const app = new Hono();
  let created = 0;
  app.use("*", async (c, next) => {
    if (opts.token !== undefined && !authorized(c.req.header("authorization"), opts.token)) {
      return c.json(
        { error: { message: "missing or wrong bearer token", type: "unauthorized" } },
        401,
      );
    }
    await next();
    return undefined;
  });
  app.get(
    "/v1/models",
    (c) =>
      c.json({
        object: "list",
        data: [{ id: `automem-${opts.spec.name}`, object: "model", owned_by: "automem" }],
      }),
  );
  const maxBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  app.post(
    "/v1/chat/completions",
    bodyLimit({
      maxSize: maxBytes,
      onError: (c) => invalid(c, `request body is larger than ${maxBytes} bytes`, 413),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return invalid(c, "request body is not JSON");
      }
      const parsed = RequestSchema.safeParse(body);
      if (!parsed.success) {
        const i = parsed.error.issues[0];
        return invalid(c, `${i.path.join(".") || "<body>"}: ${i.message}`);
      }
      const req = parsed.data;
      if ((req.n ?? 1) !== 1) return invalid(c, "n: only one choice (n = 1) is answered");
      const messages = textMessages(req.messages);
      const session = c.req.header("x-automem-session") ?? req.user;
      let r;
      try {
        r = await sessions.act(messages, session, c.req.header("x-automem-episode"), opts.signal);
      } catch (error) {
        if (error instanceof AutomemError && error.code === "context_budget") {
          return c.json({ error: { message: error.message, type: "context_budget" } }, 400);
        }
        // The upstream model failed; its message never holds a secret (adapter contract).
        return c.json({
          error: {
            message: `upstream model failed: ${(error as Error).message}`,
            type: "upstream_error",
          },
        }, 502);
      }
      const prompt = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4);
      const reply = {
        id: `chatcmpl-automem-${++created}`,
        created: 0,
        model: req.model ?? `automem-${opts.spec.name}`,
        usage: {
          prompt_tokens: prompt,
          completion_tokens: Math.ceil(r.action.length / 4),
          total_tokens: prompt + Math.ceil(r.action.length / 4),
        },
        automem: { session: r.session, new_episode: r.newEpisode, step: r.step },
      };
      if (req.stream) return streamed(c, req, reply, r.action);
      return c.json({
        ...reply,
        object: "chat.completion",
        choices: [{
          index: 0,
          message: { role: "assistant", content: r.action },
          finish_reason: "stop",
        }],
      });
    },
  );
  return app;
}

/** The answer as OpenAI's stream: a role chunk, the content, the stop, usage if asked, [DONE]. */
function streamed(
  c: Context,
  req: ChatRequestBody,
  reply: { id: string; created: number; model: string; usage: unknown; automem: unknown },
  action: string,
): Response {
  const base = { id: reply.id, object: "chat.completion.chunk", created: 0, model: reply.model };
  const chunk = (delta: unknown, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  return streamSSE(c, async (stream) => {
    await stream.writeSSE({
      data: JSON.stringify(chunk({ role: "assistant", content: "" }, null)),
    });
    await stream.writeSSE({ data: JSON.stringify(chunk({ content: action }, null)) });
    await stream.writeSSE({
      data: JSON.stringify({ ...chunk({}, "stop"), automem: reply.automem }),
    });
    if (req.stream_options?.include_usage) {
      await stream.writeSSE({ data: JSON.stringify({ ...base, choices: [], usage: reply.usage }) });
    }
    await stream.writeSSE({ data: "[DONE]" });
  });
}

/** Serves the endpoint; refuses a non-loopback host without a token. */
export function serveAgentEndpoint(
  opts: AgentEndpointOptions & { host: string; port: number },
): { url: string; finished: Promise<void> } {
  if (!isLoopback(opts.host) && opts.token === undefined) {
    throw new ServeError(
      "insecure_bind",
      `refusing to serve on ${opts.host} without a token: pass --token, or bind 127.0.0.1`,
    );
  }
  const app = createAgentEndpoint(opts);
  const server = Deno.serve({
    hostname: opts.host,
    port: opts.port,
    signal: opts.signal,
    onListen: () => {},
  }, app.fetch);
  return { url: `http://${opts.host}:${server.addr.port}/v1`, finished: server.finished };
}
