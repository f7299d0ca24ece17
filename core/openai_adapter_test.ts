import assert from "node:assert/strict";
import { z } from "./zod.ts";
import { createOpenAIChatModel, createOpenAIEmbedder, stripThinking } from "./openai_adapter.ts";
import { AutomemError } from "./automem_error.ts";
import { ModelError } from "./ports.ts";

const KEY = "sk-test-SECRET-0123456789";

interface Seen {
  path: string;
  auth: string | null;
  body: Record<string, unknown>;
}

type Handler = (seen: Seen, index: number) => Response | Promise<Response>;

/** Runs `fn` against a fake OpenAI-compatible server on 127.0.0.1 answering with `handler`. */
async function withServer(
  handler: Handler,
  fn: (baseURL: string, seen: Seen[]) => Promise<void>,
): Promise<void> {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const entry: Seen = {
      path: new URL(req.url).pathname,
      auth: req.headers.get("authorization"),
      body: await req.json(),
    };
    seen.push(entry);
    return await handler(entry, seen.length - 1);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/v1`, seen);
  } finally {
    await server.shutdown();
  }
}

function completion(content: string, usage = { prompt_tokens: 11, completion_tokens: 7 }) {
  return Response.json({
    id: "c",
    object: "chat.completion",
    created: 0,
    model: "served-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  });
}

function apiError(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ error: { message, type: "invalid_request_error" } }, { status, headers });
}

/** A sleep that records requested delays and returns at once. */
function recordingSleep() {
  const slept: number[] = [];
  return {
    slept,
    sleep: (ms: number) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
}

function chatModel(baseURL: string, extra: Record<string, unknown> = {}) {
  return createOpenAIChatModel({
    baseURL,
    apiKey: KEY,
    model: "test-model",
    maxRetries: 2,
    sleep: () => Promise.resolve(),
    ...extra,
  });
}

const user = (content: string) => [{ role: "user" as const, content }];
const Answer = z.object({ answer: z.string(), score: z.number() });

async function rejectsWithCode(promise: Promise<unknown>, code: string, status?: number) {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ModelError, `expected a ModelError, got ${caught}`);
  assert.equal(caught.code, code, caught.message);
  if (status !== undefined) assert.equal(caught.status, status);
  return caught;
}

Deno.test("a chat call sends model, messages, limits and the bearer key, and returns usage", async () => {
  await withServer(() => completion("Hello!"), async (baseURL, seen) => {
    const result = await chatModel(baseURL).chat({
      messages: user("hi"),
      maxTokens: 50,
      temperature: 0,
    });
    assert.deepEqual(result, {
      text: "Hello!",
      usage: { promptTokens: 11, completionTokens: 7 },
      model: "served-model",
      cached: false,
    });
    assert.equal(seen[0].path, "/v1/chat/completions");
    assert.equal(seen[0].auth, `Bearer ${KEY}`);
    assert.equal(seen[0].body.model, "test-model");
    assert.deepEqual(seen[0].body.messages, user("hi"));
    assert.equal(seen[0].body.max_tokens, 50);
    assert.equal(seen[0].body.temperature, 0);
    assert.equal(seen[0].body.response_format, undefined);
  });
});

Deno.test("think blocks are stripped from replies", async () => {
  assert.equal(stripThinking("<think>plan\nmore</think>\n Answer"), "Answer");
  await withServer(() => completion("<think>hmm</think>42"), async (baseURL) => {
    assert.equal((await chatModel(baseURL).chat({ messages: user("q") })).text, "42");
  });
});

Deno.test("missing usage is estimated at four characters per token", async () => {
  const handler = () =>
    Response.json({
      id: "c",
      object: "chat.completion",
      created: 0,
      model: "m",
      choices: [{ index: 0, message: { role: "assistant", content: "12345678" } }],
    });
  await withServer(handler, async (baseURL) => {
    const result = await chatModel(baseURL).chat({ messages: user("abcdefghijkl") });
    assert.deepEqual(result.usage, { promptTokens: 3, completionTokens: 2 });
  });
});

Deno.test("a schema request uses strict json_schema structured output", async () => {
  await withServer(() => completion('{"answer":"yes","score":1}'), async (baseURL, seen) => {
    const result = await chatModel(baseURL).chat({
      messages: user("q"),
      schema: Answer,
      schemaName: "answer",
    });
    assert.deepEqual(result.json, { answer: "yes", score: 1 });
    assert.deepEqual(seen[0].body.response_format, {
      type: "json_schema",
      json_schema: {
        name: "answer",
        schema: {
          type: "object",
          properties: { answer: { type: "string" }, score: { type: "number" } },
          required: ["answer", "score"],
          additionalProperties: false,
        },
        strict: true,
      },
    });
    assert.deepEqual(seen[0].body.messages, user("q"));
  });
});

Deno.test("a rejected response_format falls back to text mode and is not offered again", async () => {
  const handler = (s: Seen) =>
    s.body.response_format
      ? apiError(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported")
      : completion('Sure: {"answer": "ok", "score": 2}');
  await withServer(handler, async (baseURL, seen) => {
    const model = chatModel(baseURL);
    const first = await model.chat({ messages: user("q"), schema: Answer });
    assert.deepEqual(first.json, { answer: "ok", score: 2 });
    // strict, then non-strict, then text mode with the schema spelled out in the prompt.
    assert.equal(seen.length, 3);
    assert.equal(
      (seen[1].body.response_format as { json_schema: { strict: boolean } })
        .json_schema.strict,
      false,
    );
    const messages = seen[2].body.messages as { content: string }[];
    assert.match(messages.at(-1)!.content, /JSON Schema/);
    await model.chat({ messages: user("again"), schema: Answer });
    assert.equal(seen.length, 4);
    assert.equal(seen[3].body.response_format, undefined);
  });
});

Deno.test("a rejected strict schema is retried non-strict and stays non-strict", async () => {
  const handler = (s: Seen) => {
    const format = s.body.response_format as { json_schema: { strict: boolean } } | undefined;
    return format?.json_schema.strict
      ? apiError(400, "Invalid schema for response_format 'reply': 'minLength' is not permitted.")
      : completion('{"answer":"a","score":0}');
  };
  await withServer(handler, async (baseURL, seen) => {
    const model = chatModel(baseURL);
    await model.chat({ messages: user("q"), schema: Answer });
    await model.chat({ messages: user("q"), schema: Answer });
    const stricts = seen.map((s) =>
      (s.body.response_format as { json_schema: { strict: boolean } }).json_schema.strict
    );
    assert.deepEqual(stricts, [true, false, false]);
  });
});

Deno.test("json_schema mode surfaces a response_format rejection instead of falling back", async () => {
  const handler = () => apiError(400, "response_format json_schema is not supported");
  await withServer(handler, async (baseURL, seen) => {
    const model = chatModel(baseURL, { structuredOutput: "json_schema" });
    await rejectsWithCode(model.chat({ messages: user("q"), schema: Answer }), "http", 400);
    assert.equal(seen.length, 2);
  });
});

Deno.test("off mode never sends response_format", async () => {
  await withServer(() => completion('{"answer":"a","score":0}'), async (baseURL, seen) => {
    const model = chatModel(baseURL, { structuredOutput: "off" });
    await model.chat({ messages: user("q"), schema: Answer });
    assert.equal(seen[0].body.response_format, undefined);
  });
});

Deno.test("an invalid reply gets one corrective retry that echoes it and the error", async () => {
  const replies = ['Here: {"answer": "x", "score": "high"}', '{"answer": "x", "score": 0.9}'];
  await withServer((_s, i) => completion(replies[i]), async (baseURL, seen) => {
    const model = chatModel(baseURL, { structuredOutput: "off" });
    const result = await model.chat({ messages: user("q"), schema: Answer });
    assert.deepEqual(result.json, { answer: "x", score: 0.9 });
    assert.deepEqual(result.usage, { promptTokens: 22, completionTokens: 14 });
    const retry = seen[1].body.messages as { role: string; content: string }[];
    assert.equal(retry.at(-2)!.role, "assistant");
    assert.equal(retry.at(-2)!.content, replies[0]);
    assert.match(retry.at(-1)!.content, /score/);
    assert.match(retry.at(-1)!.content, /strictly valid JSON/);
  });
});

Deno.test("a second invalid reply fails with a schema error and no third call", async () => {
  await withServer(() => completion('{"answer": 1}'), async (baseURL, seen) => {
    const model = chatModel(baseURL, { structuredOutput: "off" });
    const error = await rejectsWithCode(
      model.chat({ messages: user("q"), schema: Answer, schemaName: "answer" }),
      "schema",
    );
    assert.match(error.message, /test-model.*'answer'.*corrective retry/);
    assert.equal(seen.length, 2);
  });
});

Deno.test("replies without any JSON fail with invalid_json", async () => {
  await withServer(() => completion("I refuse."), async (baseURL) => {
    const model = chatModel(baseURL, { structuredOutput: "off" });
    await rejectsWithCode(model.chat({ messages: user("q"), schema: Answer }), "invalid_json");
  });
});

Deno.test("429 is retried after the Retry-After seconds", async () => {
  const { slept, sleep } = recordingSleep();
  const handler = (_s: Seen, i: number) =>
    i === 0 ? apiError(429, "slow down", { "retry-after": "2" }) : completion("ok");
  await withServer(handler, async (baseURL, seen) => {
    const result = await chatModel(baseURL, { sleep }).chat({ messages: user("q") });
    assert.equal(result.text, "ok");
    assert.equal(seen.length, 2);
    assert.deepEqual(slept, [2000]);
  });
});

Deno.test("Retry-After as an HTTP date is converted into a wait", async () => {
  const { slept, sleep } = recordingSleep();
  const handler = (_s: Seen, i: number) =>
    i === 0
      ? apiError(503, "busy", { "retry-after": new Date(Date.now() + 5000).toUTCString() })
      : completion("ok");
  await withServer(handler, async (baseURL) => {
    await chatModel(baseURL, { sleep }).chat({ messages: user("q") });
    assert.equal(slept.length, 1);
    assert.ok(slept[0] > 3000 && slept[0] <= 5000, `slept ${slept[0]}`);
  });
});

Deno.test("5xx errors back off exponentially and fail after maxRetries", async () => {
  const { slept, sleep } = recordingSleep();
  await withServer(() => apiError(500, "internal"), async (baseURL, seen) => {
    const model = chatModel(baseURL, { sleep, maxRetries: 3, random: () => 0 });
    await rejectsWithCode(model.chat({ messages: user("q") }), "http", 500);
    assert.equal(seen.length, 4);
    assert.deepEqual(slept, [500, 1000, 2000]);
  });
});

Deno.test("other 4xx errors are not retried", async () => {
  await withServer(() => apiError(404, "no such model"), async (baseURL, seen) => {
    await rejectsWithCode(chatModel(baseURL).chat({ messages: user("q") }), "http", 404);
    assert.equal(seen.length, 1);
  });
});

Deno.test("the API key never appears in error messages, even when the server echoes it", async () => {
  await withServer(() => apiError(401, `Incorrect API key provided: ${KEY}.`), async (baseURL) => {
    const error = await rejectsWithCode(
      chatModel(baseURL).chat({ messages: user("q") }),
      "http",
      401,
    );
    assert.ok(!error.message.includes(KEY), error.message);
    assert.ok(!error.message.includes("SECRET"), error.message);
    assert.match(error.message, /\*\*\*/);
    assert.ok(!JSON.stringify(error).includes(KEY));
  });
});

Deno.test("an http model error keeps status, request id and a scrubbed SDK cause, never the key", async () => {
  const reply = () =>
    apiError(401, `Incorrect API key provided: ${KEY}.`, { "x-request-id": "req_42" });
  await withServer(reply, async (baseURL) => {
    const error = await rejectsWithCode(chatModel(baseURL).chat({ messages: user("q") }), "http");
    assert.ok(error instanceof AutomemError);
    assert.equal(error.status, 401);
    assert.equal(error.requestId, "req_42");
    const cause = error.cause as Record<string, unknown>;
    assert.equal(cause.status, 401);
    assert.equal(cause.requestId, "req_42");
    assert.match(String(cause.message), /Incorrect API key provided: \*\*\*/);
    const dump = Deno.inspect(error, { depth: 10, showHidden: true }) + JSON.stringify(cause);
    assert.ok(!dump.includes(KEY), dump);
  });
});

Deno.test("network failures are retried and then reported without the key", async () => {
  let calls = 0;
  const failingFetch = (() => {
    calls++;
    return Promise.reject(new TypeError(`connection refused (key ${KEY})`));
  }) as typeof fetch;
  const model = chatModel("http://127.0.0.1:9/v1", { fetch: failingFetch, maxRetries: 2 });
  const error = await rejectsWithCode(model.chat({ messages: user("q") }), "network");
  assert.equal(calls, 3);
  assert.ok(!error.message.includes(KEY));
  assert.ok(!Deno.inspect(error.cause, { depth: 10 }).includes(KEY), "the kept cause is scrubbed");
});

/** A handler whose replies wait until `release` is called, to model a hung endpoint. */
function hungHandler() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => release = resolve);
  return { release, handler: async () => (await gate, completion("late")) };
}

Deno.test("a slow endpoint times out per attempt with a timeout error", async () => {
  const hung = hungHandler();
  await withServer(hung.handler, async (baseURL, seen) => {
    try {
      const model = chatModel(baseURL, { timeoutMs: 100, maxRetries: 1 });
      const error = await rejectsWithCode(model.chat({ messages: user("q") }), "timeout");
      assert.match(error.message, /100 ms/);
      assert.equal(seen.length, 2);
    } finally {
      hung.release();
    }
  });
});

Deno.test("aborting the caller's signal stops the call without retries", async () => {
  const hung = hungHandler();
  const controller = new AbortController();
  await withServer(hung.handler, async (baseURL, seen) => {
    try {
      const model = chatModel(baseURL, { maxRetries: 3 });
      const pending = model.chat({ messages: user("q"), signal: controller.signal });
      while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      await rejectsWithCode(pending, "aborted");
      assert.equal(seen.length, 1);
    } finally {
      hung.release();
    }
  });
});

Deno.test("an already aborted signal makes no request", async () => {
  await withServer(() => completion("x"), async (baseURL, seen) => {
    const model = chatModel(baseURL);
    await rejectsWithCode(
      model.chat({ messages: user("q"), signal: AbortSignal.abort() }),
      "aborted",
    );
    assert.equal(seen.length, 0);
  });
});

Deno.test("max_tokens is switched to max_completion_tokens when the model demands it", async () => {
  const handler = (s: Seen) =>
    "max_tokens" in s.body
      ? apiError(400, "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead.")
      : completion("ok");
  await withServer(handler, async (baseURL, seen) => {
    const model = chatModel(baseURL);
    await model.chat({ messages: user("q"), maxTokens: 9 });
    await model.chat({ messages: user("q"), maxTokens: 9 });
    assert.equal(seen.length, 3);
    assert.equal(seen[2].body.max_completion_tokens, 9);
  });
});

Deno.test("an unsupported temperature is dropped, but an out-of-range one is an error", async () => {
  const handler = (s: Seen) =>
    s.body.temperature === 0
      ? apiError(400, "Unsupported value: 'temperature' does not support 0 with this model.")
      : s.body.temperature === 5
      ? apiError(400, "temperature must be at most 2")
      : completion("ok");
  await withServer(handler, async (baseURL, seen) => {
    await chatModel(baseURL).chat({ messages: user("q"), temperature: 0 });
    assert.equal(seen.length, 2);
    assert.equal("temperature" in seen[1].body, false);
    await rejectsWithCode(chatModel(baseURL).chat({ messages: user("q"), temperature: 5 }), "http");
  });
});

function float32Base64(values: number[]): string {
  const bytes = new Uint8Array(new Float32Array(values).buffer);
  return btoa(String.fromCharCode(...bytes));
}

/** Embeds "aa" as [3, 4] and anything else as [1, 0], in the encoding the client asked for. */
function embeddingHandler(s: Seen) {
  const input = s.body.input as string[];
  const base64 = s.body.encoding_format === "base64";
  const data = input.map((text, index) => {
    const v = text === "aa" ? [3, 4] : [1, 0];
    return { object: "embedding", index, embedding: base64 ? float32Base64(v) : v };
  });
  return Response.json({ object: "list", data: data.reverse(), model: "emb", usage: {} });
}

Deno.test("embeddings are batched, ordered by index and L2-normalised", async () => {
  await withServer(embeddingHandler, async (baseURL, seen) => {
    const embedder = createOpenAIEmbedder({
      baseURL,
      apiKey: KEY,
      model: "emb",
      dim: 2,
      batchSize: 2,
    });
    assert.equal(embedder.id, "emb");
    assert.equal(embedder.dim, 2);
    const out = await embedder.embed(["aa", "b", "aa", "c", "aa"]);
    assert.deepEqual(out.map((v) => Array.from(v, (x) => Number(x.toFixed(6)))), [
      [0.6, 0.8],
      [1, 0],
      [0.6, 0.8],
      [1, 0],
      [0.6, 0.8],
    ]);
    assert.equal(seen.length, 3);
    assert.equal(seen[0].path, "/v1/embeddings");
    assert.deepEqual(seen.map((s) => (s.body.input as string[]).length), [2, 2, 1]);
  });
});

Deno.test("base64 replies are decoded (the SDK asks for base64 by default)", async () => {
  await withServer(embeddingHandler, async (baseURL, seen) => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: KEY, model: "emb", dim: 2 });
    const [v] = await embedder.embed(["aa"]);
    assert.equal(seen[0].body.encoding_format, "base64");
    assert.deepEqual(Array.from(v, (x) => Number(x.toFixed(6))), [0.6, 0.8]);
  });
});

Deno.test("float replies are accepted when the server ignores the base64 request", async () => {
  const handler = (s: Seen) =>
    embeddingHandler({ ...s, body: { ...s.body, encoding_format: "float" } });
  await withServer(handler, async (baseURL) => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: KEY, model: "emb", dim: 2 });
    const [v] = await embedder.embed(["aa"]);
    assert.deepEqual(Array.from(v, (x) => Number(x.toFixed(6))), [0.6, 0.8]);
  });
});

Deno.test("vectors of the wrong dimension are a schema error", async () => {
  await withServer(embeddingHandler, async (baseURL) => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: KEY, model: "emb", dim: 3 });
    const error = await rejectsWithCode(embedder.embed(["aa"]), "schema");
    assert.match(error.message, /2-d.*expected 3/);
  });
});

Deno.test("embedding nothing makes no request and empty texts are sent as a space", async () => {
  await withServer(embeddingHandler, async (baseURL, seen) => {
    const embedder = createOpenAIEmbedder({ baseURL, apiKey: KEY, model: "emb", dim: 2 });
    assert.deepEqual(await embedder.embed([]), []);
    assert.equal(seen.length, 0);
    await embedder.embed([""]);
    assert.deepEqual(seen[0].body.input, [" "]);
  });
});

Deno.test("embedding requests are retried on 503", async () => {
  const handler = (s: Seen, i: number) => i === 0 ? apiError(503, "busy") : embeddingHandler(s);
  await withServer(handler, async (baseURL, seen) => {
    const embedder = createOpenAIEmbedder({
      baseURL,
      apiKey: KEY,
      model: "emb",
      dim: 2,
      sleep: () => Promise.resolve(),
    });
    await embedder.embed(["aa"]);
    assert.equal(seen.length, 2);
  });
});

Deno.test("offered tools are sent as OpenAI functions and native tool calls come back parsed", async () => {
  await withServer(
    () =>
      Response.json({
        id: "c",
        object: "chat.completion",
        created: 0,
        model: "served-model",
        choices: [{
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: [{
              id: "call_1",
              type: "function",
              function: { name: "web_search", arguments: '{"query":"moons"}' },
            }],
          },
          finish_reason: "tool_calls",
        }],
        usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
      }),
    async (baseURL, seen) => {
      const tools = [{ name: "web_search", description: "Search", parameters: { type: "object" } }];
      const reply = await chatModel(baseURL).chat({ messages: user("go"), tools });
      assert.deepEqual(seen[0].body.tools, [{
        type: "function",
        function: { name: "web_search", description: "Search", parameters: { type: "object" } },
      }]);
      assert.deepEqual(reply.toolCalls, [{
        id: "call_1",
        name: "web_search",
        arguments: '{"query":"moons"}',
      }]);
      assert.equal(reply.text, "");
    },
  );
});
