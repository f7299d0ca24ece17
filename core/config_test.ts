import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type AutomemConfig,
  ConfigError,
  DEFAULT_CHAT_MODEL,
  DEFAULT_EMBEDDING_MODEL,
  describeConfig,
  loadConfig,
  type LoadConfigOptions,
  redact,
} from "./config.ts";

const GENERIC = "sk-generic-AAAA1111";
const TASK_KEY = "sk-task-BBBB2222";
const SEARCH_KEY = "sk-search-CCCC3333";

// A directory that does not exist: no `.env` to read, and nothing is ever written there.
const NO_DIR = "/nonexistent/automem-config-test";

function load(env: Record<string, string | undefined>, extra: LoadConfigOptions = {}) {
  return loadConfig({ env, cwd: NO_DIR, ...extra });
}

function withDir(files: Record<string, string>, fn: (dir: string) => void): void {
  const dir = Deno.makeTempDirSync({ prefix: "automem_cfg_" });
  try {
    for (const [name, text] of Object.entries(files)) Deno.writeTextFileSync(join(dir, name), text);
    fn(dir);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

function throwsConfig(fn: () => unknown, ...mentions: string[]): void {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof ConfigError, `expected ConfigError, got ${error}`);
    for (const m of mentions) assert.ok(error.message.includes(m), `${error.message} lacks ${m}`);
    return true;
  });
}

function key(config: AutomemConfig, role: keyof AutomemConfig["roles"]): string | undefined {
  return config.roles[role].endpoint?.apiKey.reveal();
}

Deno.test("with no environment at all every role is offline with built-in models", () => {
  const config = load({});
  for (const role of Object.values(config.roles)) assert.equal(role.endpoint, null);
  assert.equal(config.roles.task.model, DEFAULT_CHAT_MODEL);
  assert.equal(config.roles.embedding.model, DEFAULT_EMBEDDING_MODEL);
  assert.equal(config.embedder, "wordvec");
  assert.equal(config.embeddingDim, null);
  assert.deepEqual(config.cache, {
    dir: join(NO_DIR, ".automem", "cache"),
    mode: "readwrite",
  });
  assert.deepEqual(config.prices, {});
  assert.equal(config.statusToken, null);
  assert.equal(config.dotenvPath, null);
});

Deno.test("the generic key alone goes to the official endpoint for every role", () => {
  const config = load({ OPENAI_API_KEY: GENERIC });
  for (const role of Object.values(config.roles)) {
    assert.equal(role.endpoint?.baseURL, "https://api.openai.com/v1");
    assert.equal(role.endpoint?.keyVar, "OPENAI_API_KEY");
    assert.equal(role.endpoint?.baseVar, null);
    assert.equal(role.endpoint?.apiKey.reveal(), GENERIC);
  }
});

Deno.test("the generic base is OPENAI_API_BASE, else OPENAI_BASE_URL", () => {
  const both = load({
    OPENAI_API_KEY: GENERIC,
    OPENAI_API_BASE: "http://a.example/v1",
    OPENAI_BASE_URL: "http://b.example/v1",
  });
  assert.equal(both.roles.judge.endpoint?.baseURL, "http://a.example/v1");
  const onlyUrl = load({ OPENAI_API_KEY: GENERIC, OPENAI_BASE_URL: "http://b.example/v1" });
  assert.equal(onlyUrl.roles.judge.endpoint?.baseURL, "http://b.example/v1");
  assert.equal(onlyUrl.roles.judge.endpoint?.baseVar, "OPENAI_BASE_URL");
});

Deno.test("a role pair applies to its role only; the other roles keep the generic key", () => {
  const config = load({
    OPENAI_API_KEY: GENERIC,
    SEARCH_API_KEY: SEARCH_KEY,
    SEARCH_API_BASE: "https://dashscope.example/v1",
  });
  assert.equal(key(config, "search"), SEARCH_KEY);
  assert.equal(config.roles.search.endpoint?.baseURL, "https://dashscope.example/v1");
  assert.equal(config.roles.search.endpoint?.keyVar, "SEARCH_API_KEY");
  assert.equal(key(config, "task"), GENERIC);
  assert.equal(config.roles.task.endpoint?.baseURL, "https://api.openai.com/v1");
});

Deno.test("a role key without its base is an error naming both variables", () => {
  for (const role of ["TASK", "SEARCH", "DIAGNOSIS", "JUDGE", "MEMORY", "EMBEDDING"]) {
    throwsConfig(
      () => load({ OPENAI_API_BASE: "http://x.example", [`${role}_API_KEY`]: "k-1234" }),
      `${role}_API_KEY`,
      `${role}_API_BASE`,
    );
  }
});

Deno.test("a role base never captures the generic key", () => {
  throwsConfig(
    () => load({ OPENAI_API_KEY: GENERIC, SEARCH_API_BASE: "http://evil.example/v1" }),
    "SEARCH_API_KEY",
    "SEARCH_API_BASE",
  );
});

Deno.test("an empty variable counts as unset", () => {
  const config = load({ OPENAI_API_KEY: GENERIC, TASK_API_KEY: "", TASK_API_BASE: " " });
  assert.equal(key(config, "task"), GENERIC);
});

Deno.test("a base that is not an http(s) URL is an error naming the variable", () => {
  throwsConfig(() => load({ TASK_API_KEY: TASK_KEY, TASK_API_BASE: "not a url" }), "TASK_API_BASE");
  throwsConfig(
    () => load({ OPENAI_API_KEY: GENERIC, OPENAI_BASE_URL: "ftp://x" }),
    "OPENAI_BASE_URL",
  );
});

Deno.test("memory defaults to the task endpoint and model", () => {
  const config = load({
    OPENAI_API_KEY: GENERIC,
    TASK_API_KEY: TASK_KEY,
    TASK_API_BASE: "http://task.example/v1",
    TASK_MODEL: "task-m",
  });
  assert.deepEqual(config.roles.memory, config.roles.task);
  assert.equal(key(config, "memory"), TASK_KEY);
});

Deno.test("memory takes its own pair and model when given", () => {
  const config = load({
    TASK_API_KEY: TASK_KEY,
    TASK_API_BASE: "http://task.example/v1",
    MEMORY_API_KEY: "sk-mem-DDDD4444",
    MEMORY_API_BASE: "http://mem.example/v1",
    MEMORY_MODEL: "mem-m",
  });
  assert.equal(config.roles.memory.endpoint?.baseURL, "http://mem.example/v1");
  assert.equal(config.roles.memory.model, "mem-m");
  const modelOnly = load({
    TASK_API_KEY: TASK_KEY,
    TASK_API_BASE: "http://t/v1",
    MEMORY_MODEL: "m2",
  });
  assert.equal(modelOnly.roles.memory.endpoint?.baseURL, "http://t/v1");
  assert.equal(modelOnly.roles.memory.model, "m2");
});

Deno.test("model ids come from the flag, then <ROLE>_MODEL, then DEFAULT_MODEL", () => {
  const env = { DEFAULT_MODEL: "dflt", SEARCH_MODEL: "srch", JUDGE_MODEL: "jdg" };
  const config = load(env, { flags: { searchModel: "flag-search", model: "flag-task" } });
  assert.equal(config.roles.task.model, "flag-task");
  assert.equal(config.roles.search.model, "flag-search");
  assert.equal(config.roles.judge.model, "jdg");
  assert.equal(config.roles.diagnosis.model, "dflt");
  assert.equal(config.roles.memory.model, "flag-task");
  assert.equal(load(env).roles.search.model, "srch");
});

Deno.test("the judge also reads DEFAULT_JUDGE_MODEL, and embeddings ignore DEFAULT_MODEL", () => {
  const config = load({ DEFAULT_MODEL: "chat", DEFAULT_JUDGE_MODEL: "judge" });
  assert.equal(config.roles.judge.model, "judge");
  assert.equal(config.roles.embedding.model, DEFAULT_EMBEDDING_MODEL);
  const flagged = load({ EMBEDDING_MODEL: "e1" }, { flags: { embeddingModel: "e2" } });
  assert.equal(flagged.roles.embedding.model, "e2");
});

Deno.test(".env fills unset variables but never overrides the real environment", () => {
  const dotenv = `# local settings\nOPENAI_API_KEY="${GENERIC}"\nDEFAULT_MODEL=from-file\n` +
    "TASK_MODEL=file-task\n";
  withDir({ ".env": dotenv }, (dir) => {
    const config = loadConfig({ env: { TASK_MODEL: "real-task" }, cwd: dir });
    assert.equal(key(config, "judge"), GENERIC);
    assert.equal(config.roles.judge.model, "from-file");
    assert.equal(config.roles.task.model, "real-task");
    assert.equal(config.dotenvPath, join(dir, ".env"));
  });
});

Deno.test("a malformed .env is a ConfigError with the path and line number", () => {
  withDir({ ".env": "A=1\nthis is not valid\n" }, (dir) => {
    throwsConfig(() => loadConfig({ env: {}, cwd: dir }), join(dir, ".env"), "line 2");
  });
});

Deno.test("cache, embedder, dimension and status token variables are read", () => {
  const config = load({
    AUTOMEM_CACHE_DIR: "/tmp/automem-cache",
    AUTOMEM_CACHE_MODE: "freeze",
    AUTOMEM_EMBEDDER: "openai",
    EMBEDDING_API_KEY: "sk-emb-EEEE5555",
    EMBEDDING_API_BASE: "http://emb.example/v1",
    EMBEDDING_DIM: "768",
    AUTOMEM_STATUS_TOKEN: "status-token-FFFF",
  });
  assert.deepEqual(config.cache, { dir: "/tmp/automem-cache", mode: "freeze" });
  assert.equal(config.embedder, "openai");
  assert.equal(config.embeddingDim, 768);
  assert.equal(config.statusToken?.reveal(), "status-token-FFFF");
});

Deno.test("a relative cache dir resolves against cwd", () => {
  assert.equal(load({ AUTOMEM_CACHE_DIR: "c" }).cache.dir, join(NO_DIR, "c"));
});

Deno.test("invalid enum and number values are errors naming the variable", () => {
  throwsConfig(() => load({ AUTOMEM_CACHE_MODE: "sometimes" }), "AUTOMEM_CACHE_MODE", "freeze");
  throwsConfig(() => load({ AUTOMEM_EMBEDDER: "bert" }), "AUTOMEM_EMBEDDER");
  throwsConfig(() => load({ EMBEDDING_DIM: "12.5" }), "EMBEDDING_DIM");
});

Deno.test("the openai embedder needs an embedding endpoint", () => {
  throwsConfig(() => load({ AUTOMEM_EMBEDDER: "openai" }), "EMBEDDING_API_KEY", "OPENAI_API_KEY");
  assert.equal(load({ AUTOMEM_EMBEDDER: "openai", OPENAI_API_KEY: GENERIC }).embedder, "openai");
});

Deno.test("AUTOMEM_PRICES loads and validates a price table relative to cwd", () => {
  const table = { "gpt-4o": { prompt_per_1k: 2.5, completion_per_1k: 10 } };
  withDir(
    { "prices.json": JSON.stringify(table), "bad.json": '{"m": {"prompt_per_1k": -1}}' },
    (dir) => {
      const config = loadConfig({ env: { AUTOMEM_PRICES: "prices.json" }, cwd: dir });
      assert.deepEqual(config.prices, table);
      assert.equal(config.pricesPath, join(dir, "prices.json"));
      throwsConfig(
        () => loadConfig({ env: { AUTOMEM_PRICES: "bad.json" }, cwd: dir }),
        "AUTOMEM_PRICES",
      );
      throwsConfig(
        () => loadConfig({ env: { AUTOMEM_PRICES: "missing.json" }, cwd: dir }),
        "AUTOMEM_PRICES",
      );
    },
  );
});

function fullConfig(): AutomemConfig {
  return load({
    OPENAI_API_KEY: GENERIC,
    TASK_API_KEY: TASK_KEY,
    TASK_API_BASE: "http://task.example/v1",
    SEARCH_API_KEY: SEARCH_KEY,
    SEARCH_API_BASE: "http://search.example/v1",
    AUTOMEM_STATUS_TOKEN: "status-token-FFFF",
  });
}

Deno.test("JSON, inspection and describeConfig never reveal a key", () => {
  const config = fullConfig();
  const outputs = [
    JSON.stringify(config),
    Deno.inspect(config, { depth: 10 }),
    describeConfig(config),
  ];
  for (const text of outputs) {
    for (const secret of [GENERIC, TASK_KEY, SEARCH_KEY, "status-token-FFFF"]) {
      assert.ok(!text.includes(secret), `leaked ${secret} in ${text}`);
    }
  }
  assert.ok(JSON.stringify(config).includes('"apiKey":"***"'));
});

Deno.test("describeConfig says where each role goes and which variable holds its key", () => {
  const text = describeConfig(fullConfig());
  assert.match(text, /^task\s+gpt-5 @ http:\/\/task\.example\/v1 \(key from TASK_API_KEY\)$/m);
  assert.match(
    text,
    /^judge\s+gpt-5 @ https:\/\/api\.openai\.com\/v1 \(key from OPENAI_API_KEY\)$/m,
  );
  assert.match(describeConfig(load({})), /^search\s+gpt-5 @ offline$/m);
});

Deno.test("redact replaces every configured key and the status token", () => {
  const config = fullConfig();
  const text = `a ${GENERIC} b ${TASK_KEY}${SEARCH_KEY} c status-token-FFFF ${GENERIC}`;
  assert.equal(redact(text, config), "a *** b ****** c *** ***");
});

Deno.test("redact leaves text alone when nothing is configured or secrets are tiny", () => {
  assert.equal(redact("nothing secret here", load({})), "nothing secret here");
  assert.equal(redact("a b c", load({ OPENAI_API_KEY: "b" })), "a b c");
});

Deno.test(".env.example documents every variable and parses once uncommented", () => {
  const text = Deno.readTextFileSync(new URL("../.env.example", import.meta.url));
  const names = [
    "OPENAI_API_KEY",
    "OPENAI_API_BASE",
    "OPENAI_BASE_URL",
    "DEFAULT_MODEL",
    "DEFAULT_JUDGE_MODEL",
    "AUTOMEM_EMBEDDER",
    "EMBEDDING_DIM",
    "AUTOMEM_CACHE_DIR",
    "AUTOMEM_CACHE_MODE",
    "AUTOMEM_PRICES",
    "AUTOMEM_STATUS_TOKEN",
    ...["TASK", "SEARCH", "DIAGNOSIS", "JUDGE", "MEMORY", "EMBEDDING"].flatMap((role) => [
      `${role}_API_KEY`,
      `${role}_API_BASE`,
      `${role}_MODEL`,
    ]),
  ];
  for (const name of names) assert.match(text, new RegExp(`^# ${name}=`, "m"), name);
  const uncommented = text.split("\n").map((line) => line.replace(/^# ([A-Z_]+=)/, "$1")).join(
    "\n",
  );
  withDir({ ".env": uncommented, "prices.json": "{}" }, (dir) => {
    const config = loadConfig({ env: {}, cwd: dir });
    assert.equal(config.roles.task.endpoint?.keyVar, "OPENAI_API_KEY");
    assert.equal(config.roles.embedding.model, "text-embedding-3-small");
    assert.equal(config.embedder, "wordvec");
  });
});
