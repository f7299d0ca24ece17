/**
 * `automem scaffold serve`: an OpenAI-compatible `POST /v1/chat/completions` in BALROG's request
 * shape (messages whose content is a string or an array of `{type: "text", text}` parts) that
 * runs the memory agent around the configured upstream model and answers with the action as the
 * assistant message. Loopback by default; any other interface needs a bearer token.
 *
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
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
  max_tokens: z.number().optional(),
  temperature: z.number().optional(),
  user: z.string().optional(),
});

/** Options of the agent endpoint. */
export interface AgentEndpointOptions {
  spec: ScaffoldSpec;
  models: AgentModels;
  token?: string;
  persistMemory?: boolean;
  signal?: AbortSignal;
}

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
  app.post("/v1/chat/completions", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({
        error: { message: "request body is not JSON", type: "invalid_request_error" },
      }, 400);
    }
    const parsed = RequestSchema.safeParse(body);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return c.json({
        error: {
          message: `${i.path.join(".") || "<body>"}: ${i.message}`,
          type: "invalid_request_error",
        },
      }, 400);
    }
    const req = parsed.data;
    const messages = textMessages(req.messages);
    const session = c.req.header("x-automem-session") ?? req.user ?? "default";
    const episode = c.req.header("x-automem-episode");
    let r;
    try {
      r = await sessions.act(messages, session, episode, opts.signal);
    } catch (error) {
      // The upstream model failed; its message never holds a secret (adapter contract).
      return c.json({
        error: {
          message: `upstream model failed: ${(error as Error).message}`,
          type: "upstream_error",
        },
      }, 502);
    }
    const prompt = messages.reduce((n, m) => n + m.content.length, 0);
    return c.json({
      id: `chatcmpl-automem-${++created}`,
      object: "chat.completion",
      created: 0,
      model: req.model ?? `automem-${opts.spec.name}`,
      choices: [{
        index: 0,
        message: { role: "assistant", content: r.action },
        finish_reason: "stop",
      }],
      usage: {
        prompt_tokens: Math.ceil(prompt / 4),
        completion_tokens: Math.ceil(r.action.length / 4),
        total_tokens: Math.ceil(prompt / 4) + Math.ceil(r.action.length / 4),
      },
      automem: { session, new_episode: r.newEpisode, step: r.step },
    });
  });
  return app;
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
