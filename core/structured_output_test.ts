import assert from "node:assert/strict";
import { z } from "./zod.ts";
import { type ChatMessage, ModelError } from "./ports.ts";
import {
  completeJson,
  type Completer,
  is400About,
  isStrictCompatible,
  jsonSchemaOf,
  type JsonSchemaResponseFormat,
  responseFormatFor,
  type StructuredState,
  withCorrection,
  withSchemaInstruction,
} from "./structured_output.ts";

Deno.test("jsonSchemaOf gives a closed object schema without the $schema key", () => {
  assert.deepEqual(jsonSchemaOf(z.object({ a: z.string() })), {
    type: "object",
    properties: { a: { type: "string" } },
    required: ["a"],
    additionalProperties: false,
  });
});

Deno.test("jsonSchemaOf falls back to the input form for transforms instead of throwing", () => {
  const schema = jsonSchemaOf(z.object({ n: z.string().transform((s) => s.length) }));
  assert.deepEqual(schema.properties, { n: { type: "string" } });
});

Deno.test("jsonSchemaOf leaves types with no JSON form unconstrained", () => {
  const schema = jsonSchemaOf(z.object({ when: z.date(), k: z.string().transform(Number) }));
  assert.deepEqual((schema.properties as Record<string, unknown>).when, {});
});

Deno.test("strict mode is used only when every object is closed and fully required", () => {
  assert.equal(
    isStrictCompatible(jsonSchemaOf(z.object({ a: z.array(z.object({ b: z.number() })) }))),
    true,
  );
  assert.equal(isStrictCompatible(jsonSchemaOf(z.object({ a: z.number().optional() }))), false);
  assert.equal(
    isStrictCompatible(jsonSchemaOf(z.object({ a: z.object({}).passthrough() }))),
    false,
  );
});

Deno.test("responseFormatFor builds OpenAI's json_schema response format", () => {
  const schema = jsonSchemaOf(z.object({ a: z.string() }));
  assert.deepEqual(responseFormatFor(schema, "plan"), {
    type: "json_schema",
    json_schema: { name: "plan", schema, strict: true },
  });
});

Deno.test("responseFormatFor sanitises the name and defaults it", () => {
  const schema = jsonSchemaOf(z.object({ a: z.string() }));
  assert.equal(responseFormatFor(schema, "my plan!")?.json_schema.name, "my_plan_");
  assert.equal(responseFormatFor(schema, undefined)?.json_schema.name, "reply");
});

Deno.test("responseFormatFor declines non-object roots", () => {
  assert.equal(responseFormatFor(jsonSchemaOf(z.array(z.string())), "ids"), undefined);
});

Deno.test("the schema instruction is appended as a user message containing the schema", () => {
  const out = withSchemaInstruction([{ role: "user", content: "q" }], { type: "object" });
  assert.equal(out.length, 2);
  assert.equal(out[1].role, "user");
  assert.match(out[1].content, /JSON Schema:\n\{"type":"object"\}/);
});

Deno.test("the correction echoes the bad reply (truncated) and the problem", () => {
  const out = withCorrection(
    [{ role: "user", content: "q" }],
    "x".repeat(5000),
    "score: expected number",
  );
  assert.deepEqual(out.map((m) => m.role), ["user", "assistant", "user"]);
  assert.equal(out[1].content.length, 4000);
  assert.match(out[2].content, /score: expected number/);
  assert.match(out[2].content, /strictly valid JSON/);
});

function fakeCompleter(replies: string[]) {
  const calls: { messages: ChatMessage[]; format?: JsonSchemaResponseFormat }[] = [];
  const complete: Completer = (messages, format) => {
    calls.push({ messages, format });
    const text = replies[calls.length - 1];
    if (text === undefined) throw new Error("unexpected extra call");
    if (text.startsWith("400:")) {
      return Promise.reject(new ModelError("http", text.slice(4), 400));
    }
    return Promise.resolve({ text, usage: { promptTokens: 10, completionTokens: 5 }, model: "m" });
  };
  return { calls, complete };
}

function freshState(mode: StructuredState["mode"] = "auto"): StructuredState {
  return { mode, structuredRejected: false, strictRejected: false };
}

const Reply = z.object({ ok: z.boolean() });
const ask = { messages: [{ role: "user" as const, content: "q" }] };

Deno.test("completeJson returns validated json from a structured reply", async () => {
  const { calls, complete } = fakeCompleter(['{"ok":true}']);
  const result = await completeJson(ask, Reply, complete, freshState(), "model m");
  assert.deepEqual(result.json, { ok: true });
  assert.equal(result.cached, false);
  assert.equal(calls[0].format?.json_schema.strict, true);
});

Deno.test("completeJson records rejections in the shared state", async () => {
  const state = freshState();
  const { calls, complete } = fakeCompleter([
    "400:response_format strict is not allowed",
    "400:response_format is unsupported",
    '{"ok":false}',
  ]);
  await completeJson(ask, Reply, complete, state, "model m");
  assert.deepEqual(state, { mode: "auto", structuredRejected: true, strictRejected: true });
  assert.equal(calls[2].format, undefined);
});

Deno.test("completeJson passes through errors that are not about response_format", async () => {
  const { complete } = fakeCompleter(["400:context length exceeded"]);
  await assert.rejects(
    completeJson(ask, Reply, complete, freshState(), "model m"),
    (e) => e instanceof ModelError && e.status === 400,
  );
});

Deno.test("completeJson sums usage over the corrective retry", async () => {
  const { complete } = fakeCompleter(["nope", '{"ok":true}']);
  const result = await completeJson(ask, Reply, complete, freshState("off"), "model m");
  assert.deepEqual(result.usage, { promptTokens: 20, completionTokens: 10 });
});

Deno.test("is400About matches only 400 and 422 model errors with the pattern", () => {
  assert.equal(
    is400About(new ModelError("http", "bad response_format", 400), /response_format/),
    true,
  );
  assert.equal(
    is400About(new ModelError("http", "bad response_format", 422), /response_format/),
    true,
  );
  assert.equal(
    is400About(new ModelError("http", "bad response_format", 500), /response_format/),
    false,
  );
  assert.equal(is400About(new Error("bad response_format"), /response_format/), false);
});
