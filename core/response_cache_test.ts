import assert from "node:assert/strict";
import { z } from "./zod.ts";
import { type ChatRequest, ModelError } from "./ports.ts";
import { cachedModel, cacheKey, cachePath } from "./response_cache.ts";
import { ScriptedModel, ScriptedToolCalls } from "./scripted_model.ts";

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "automem_cache_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function ask(content: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: [{ role: "user", content }], ...extra };
}

Deno.test("a second identical call is answered from disk with the recorded usage", async () => {
  await withTempDir(async (dir) => {
    const inner = new ScriptedModel({ id: "m1", replies: ["first answer"] });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    const miss = await model.chat(ask("hello"));
    const hit = await model.chat(ask("hello"));
    assert.equal(inner.calls.length, 1);
    assert.equal(miss.cached, false);
    assert.equal(hit.cached, true);
    assert.equal(hit.text, "first answer");
    assert.deepEqual(hit.usage, miss.usage);
    assert.equal(hit.model, "m1");
  });
});

Deno.test("entries live at <dir>/<first two hex>/<sha256>.json and record the request", async () => {
  await withTempDir(async (dir) => {
    const model = cachedModel(new ScriptedModel({ id: "m", replies: ["x"] }), {
      dir,
      mode: "readwrite",
    });
    await model.chat(ask("hi", { maxTokens: 5 }));
    const key = cacheKey("m", ask("hi", { maxTokens: 5 }));
    assert.match(key, /^[0-9a-f]{64}$/);
    const path = cachePath(dir, key);
    assert.equal(path, `${dir}/${key.slice(0, 2)}/${key}.json`);
    const entry = JSON.parse(await Deno.readTextFile(path));
    assert.equal(entry.key, key);
    assert.equal(entry.text, "x");
    assert.deepEqual(entry.request.messages, [{ role: "user", content: "hi" }]);
    assert.equal(entry.request.maxTokens, 5);
  });
});

Deno.test("the key is the SHA-256 of sorted-key compact JSON, as Python computes it", () => {
  // sha256(json.dumps({...}, sort_keys=True, separators=(",", ":"))) in Python gives this digest.
  assert.equal(
    cacheKey("gpt-x", ask("hello", { temperature: 0 })),
    "c911b5ab9d162dfcf5fa98b5285f640f05dff255bc68ac3b72a871c1bcd83659",
  );
});

Deno.test("the key depends on model, messages, maxTokens, temperature and schema only", () => {
  const base = cacheKey("m", ask("q"));
  assert.notEqual(cacheKey("other", ask("q")), base);
  assert.notEqual(cacheKey("m", ask("q2")), base);
  assert.notEqual(cacheKey("m", ask("q", { maxTokens: 10 })), base);
  assert.notEqual(cacheKey("m", ask("q", { temperature: 0.5 })), base);
  assert.notEqual(cacheKey("m", ask("q", { schema: z.object({ a: z.string() }) })), base);
  assert.equal(
    cacheKey("m", ask("q", { purpose: "judge", signal: new AbortController().signal })),
    base,
  );
});

Deno.test("freeze mode fails on a miss and answers hits", async () => {
  await withTempDir(async (dir) => {
    await cachedModel(new ScriptedModel({ replies: ["stored"] }), { dir, mode: "readwrite" })
      .chat(ask("known"));
    const inner = new ScriptedModel({ replies: ["never"] });
    const frozen = cachedModel(inner, { dir, mode: "freeze" });
    assert.equal((await frozen.chat(ask("known"))).text, "stored");
    await assert.rejects(
      frozen.chat(ask("unknown")),
      (e) => e instanceof ModelError && e.code === "cache_miss",
    );
    assert.equal(inner.calls.length, 0);
  });
});

Deno.test("off mode returns the inner model unchanged and writes nothing", async () => {
  await withTempDir(async (dir) => {
    const inner = new ScriptedModel({ replies: ["a", "b"] });
    const model = cachedModel(inner, { dir, mode: "off" });
    assert.equal(model, inner);
    await model.chat(ask("q"));
    assert.equal([...Deno.readDirSync(dir)].length, 0);
  });
});

Deno.test("a hit under a schema returns the parsed json", async () => {
  await withTempDir(async (dir) => {
    const schema = z.object({ n: z.number() });
    const inner = new ScriptedModel({ replies: ['{"n": 3}'] });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    await model.chat(ask("q", { schema }));
    const hit = await model.chat(ask("q", { schema }));
    assert.equal(hit.cached, true);
    assert.deepEqual(hit.json, { n: 3 });
  });
});

Deno.test("a damaged entry is a miss that readwrite repairs", async () => {
  await withTempDir(async (dir) => {
    const inner = new ScriptedModel({ id: "m", replies: ["fresh"] });
    const path = cachePath(dir, cacheKey("m", ask("q")));
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, "{ not json");
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    assert.equal((await model.chat(ask("q"))).text, "fresh");
    assert.equal(JSON.parse(await Deno.readTextFile(path)).text, "fresh");
  });
});

Deno.test("concurrent identical misses make one inner call", async () => {
  await withTempDir(async (dir) => {
    const inner = new ScriptedModel({ replies: ["once"] });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    const results = await Promise.all([model.chat(ask("q")), model.chat(ask("q"))]);
    assert.equal(inner.calls.length, 1);
    assert.deepEqual(results.map((r) => r.text), ["once", "once"]);
  });
});

Deno.test("a failed inner call is not cached", async () => {
  await withTempDir(async (dir) => {
    const inner = new ScriptedModel({ replies: [new ModelError("http", "down", 503), "ok"] });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    await assert.rejects(model.chat(ask("q")), ModelError);
    assert.equal((await model.chat(ask("q"))).text, "ok");
    assert.equal(inner.calls.length, 2);
  });
});

Deno.test("schemas with transforms can be cached", async () => {
  await withTempDir(async (dir) => {
    const schema = z.object({ n: z.string().transform((s) => s.length) });
    const inner = new ScriptedModel({ replies: ['{"n": "abc"}'] });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    await model.chat(ask("q", { schema }));
    const hit = await model.chat(ask("q", { schema }));
    assert.equal(hit.cached, true);
    assert.deepEqual(hit.json, { n: 3 });
  });
});

Deno.test("native tool calls are cached with their reply, and offered tools change the key", async () => {
  await withTempDir(async (dir) => {
    const tools = [{ name: "web_search", description: "search", parameters: { type: "object" } }];
    const inner = new ScriptedModel({
      id: "m",
      replies: [new ScriptedToolCalls([{ name: "web_search", arguments: { query: "q" } }])],
    });
    const model = cachedModel(inner, { dir, mode: "readwrite" });
    const miss = await model.chat(ask("go", { tools }));
    const hit = await model.chat(ask("go", { tools }));
    assert.equal(inner.calls.length, 1);
    assert.equal(hit.cached, true);
    assert.deepEqual(hit.toolCalls, miss.toolCalls);
    assert.equal(hit.toolCalls?.[0].arguments, '{"query":"q"}');
    assert.notEqual(cacheKey("m", ask("go", { tools })), cacheKey("m", ask("go")));
  });
});

Deno.test("the same model name on two endpoints never shares cached answers", async () => {
  await withTempDir(async (dir) => {
    const first = new ScriptedModel({ id: "same", replies: ["from server A"] });
    const second = new ScriptedModel({ id: "same", replies: ["from server B"] });
    const a = cachedModel(first, { dir, mode: "readwrite", endpoint: "http://a.test/v1" });
    const b = cachedModel(second, { dir, mode: "readwrite", endpoint: "http://b.test/v1" });
    assert.equal((await a.chat(ask("hello"))).text, "from server A");
    assert.equal((await b.chat(ask("hello"))).text, "from server B");
    assert.equal(second.calls.length, 1);
    assert.notEqual(
      cacheKey("same", ask("x"), "http://a.test/v1"),
      cacheKey("same", ask("x"), "http://b.test/v1"),
    );
  });
});

Deno.test("tool calls and tool results are part of the key", () => {
  const call = { id: "c1", name: "t", arguments: "{}" };
  const withResult = (content: string) =>
    cacheKey("m", {
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: "", toolCalls: [call] },
        { role: "tool", toolCallId: "c1", content },
      ],
    });
  assert.notEqual(withResult("one"), withResult("two"));
});
