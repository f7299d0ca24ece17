import assert from "node:assert/strict";
import { describeConfig, loadConfig, redact } from "./config.ts";
import { ConfigError } from "./endpoints.ts";
import { resolveWebConfig } from "./web_config.ts";

const load = (env: Record<string, string>) => loadConfig({ env, cwd: "/nonexistent-automem-dir" });

Deno.test("no search variables means no provider, a readwrite web cache and the local reader", () => {
  const web = load({}).web;
  assert.equal(web.search.provider, null);
  assert.equal(web.cacheMode, "readwrite");
  assert.equal(web.reader.kind, "local");
  assert.equal(web.fetch.maxBytes, 5 * 1024 * 1024);
  assert.equal(load({ WEB_FETCH_MAX_BYTES: "52428800" }).web.fetch.maxBytes, 52428800);
});

Deno.test("the provider is picked from whichever key is set, with comma-separated keys in order", () => {
  const web = resolveWebConfig({ TAVILY_API_KEY: "tv-key-one, tv-key-two" }, "readwrite");
  assert.equal(web.search.provider, "tavily");
  assert.equal(web.search.baseUrl, "https://api.tavily.com");
  assert.deepEqual(web.search.keys.map((k) => k.reveal()), ["tv-key-one", "tv-key-two"]);
  const searx = resolveWebConfig({ SEARXNG_URL: "http://127.0.0.1:8888/" }, "freeze");
  assert.equal(searx.search.provider, "searxng");
  assert.equal(searx.search.baseUrl, "http://127.0.0.1:8888");
  assert.equal(searx.cacheMode, "freeze");
});

Deno.test("web config errors name the variable at fault", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ WEB_SEARCH_PROVIDER: "bing" }, /WEB_SEARCH_PROVIDER/],
    [{ WEB_SEARCH_PROVIDER: "serper" }, /SERPER_API_KEY/],
    [{ WEB_SEARCH_PROVIDER: "searxng" }, /SEARXNG_URL/],
    [{ SEARXNG_URL: "ftp://x" }, /SEARXNG_URL/],
    [{ BRAVE_API_KEY: "k", BRAVE_API_BASE: "nope" }, /BRAVE_API_BASE/],
    [{ WEB_CACHE_MODE: "sometimes" }, /WEB_CACHE_MODE/],
    [{ CRAWL_READER: "lynx" }, /CRAWL_READER/],
    [{ WEB_FETCH_MAX_BYTES: "5MB" }, /WEB_FETCH_MAX_BYTES/],
    [{ WEB_FETCH_MAX_BYTES: "0" }, /WEB_FETCH_MAX_BYTES/],
    [{ VISION_MODEL: "gpt-4o" }, /VISION_MODEL needs VISION_API_KEY/],
    [{ TRANSCRIPTION_API_KEY: "k" }, /TRANSCRIPTION_API_BASE/],
  ];
  for (const [env, pattern] of cases) {
    assert.throws(() => resolveWebConfig(env, "readwrite"), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, pattern);
      return true;
    });
  }
});

Deno.test("search and reader keys never appear in JSON, describeConfig or redacted text", () => {
  const config = load({
    SERPER_API_KEY: "serper-secret-1,serper-secret-2",
    JINA_API_KEY: "jina-secret-3",
    CRAWL_READER: "jina",
    VISION_API_KEY: "vision-secret-4",
    VISION_API_BASE: "http://vision.example/v1",
  });
  const text = [JSON.stringify(config), describeConfig(config), Deno.inspect(config, { depth: 9 })];
  for (const out of text) {
    for (
      const secret of ["serper-secret-1", "serper-secret-2", "jina-secret-3", "vision-secret-4"]
    ) {
      assert.ok(!out.includes(secret), `leaked ${secret}`);
    }
  }
  assert.match(describeConfig(config), /serper at https:\/\/google\.serper\.dev \(2 key\(s\)/);
  assert.equal(redact("key=serper-secret-2", config), "key=***");
  assert.equal(redact("v=vision-secret-4", config), "v=***");
  assert.equal(config.web.media.vision?.model, "gpt-4o");
  assert.match(describeConfig(config), /vision gpt-4o/);
});

Deno.test(".env.example documents every web variable", () => {
  const text = Deno.readTextFileSync(new URL("../.env.example", import.meta.url));
  for (
    const name of [
      "WEB_SEARCH_PROVIDER",
      "SERPER_API_KEY",
      "TAVILY_API_KEY",
      "BRAVE_API_KEY",
      "SERPER_API_BASE",
      "TAVILY_API_BASE",
      "BRAVE_API_BASE",
      "SEARXNG_URL",
      "WEB_CACHE_MODE",
      "CRAWL_READER",
      "JINA_API_KEY",
      "JINA_READER_BASE",
      "WEB_FETCH_MAX_BYTES",
      "VISION_MODEL",
      "TRANSCRIPTION_MODEL",
    ]
  ) assert.match(text, new RegExp(`^# ${name}=`, "m"), name);
});

Deno.test("a media model without its own endpoint uses the generic OpenAI one", () => {
  const web = resolveWebConfig(
    { OPENAI_API_KEY: "sk-generic", TRANSCRIPTION_MODEL: "whisper-x" },
    "off",
  );
  assert.equal(web.media.transcription?.model, "whisper-x");
  assert.equal(web.media.transcription?.endpoint.keyVar, "OPENAI_API_KEY");
  assert.equal(web.media.vision, null);
});
