/**
 * An OpenAI-compatible chat endpoint on 127.0.0.1 that answers every completion after a fixed
 * latency: the stand-in for a remote model in I/O-bound measurements. Workers and the
 * in-process baseline call it over real HTTP, so a job's wait is a socket wait, as with a real
 * provider, and no CPU is spent while waiting.
 *
 * @module
 */

/** A running latency endpoint. */
export interface LatencyEndpoint {
  /** Base URL to give as `OPENAI_API_BASE` (ends in `/v1`). */
  baseURL: string;
  /** Completions answered so far. */
  calls(): number;
  stop(): Promise<void>;
}

/** Starts an endpoint answering `answer` to every chat completion after `latencyMs`. */
export function startLatencyEndpoint(
  latencyMs: number,
  answer = "I do not know.",
): LatencyEndpoint {
  let calls = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      await req.body?.cancel();
      if (!new URL(req.url).pathname.endsWith("/chat/completions")) {
        return new Response("not found", { status: 404 });
      }
      await new Promise((r) => setTimeout(r, latencyMs));
      calls++;
      return Response.json({
        id: `c${calls}`,
        object: "chat.completion",
        created: 0,
        model: "latency",
        choices: [{
          index: 0,
          message: { role: "assistant", content: answer },
          finish_reason: "stop",
        }],
        usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
      });
    },
  );
  return {
    baseURL: `http://127.0.0.1:${server.addr.port}/v1`,
    calls: () => calls,
    stop: () => server.shutdown(),
  };
}
