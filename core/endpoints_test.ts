import assert from "node:assert/strict";
import { ConfigError, envValue, genericEndpoint, roleEndpoint, Secret } from "./endpoints.ts";

Deno.test("Secret prints as *** everywhere but reveals its value on request", () => {
  const secret = new Secret("hunter2-long");
  assert.equal(String(secret), "***");
  assert.equal(`${secret}`, "***");
  assert.equal(JSON.stringify({ secret }), '{"secret":"***"}');
  assert.equal(Deno.inspect(secret), "Secret(***)");
  assert.equal(Deno.inspect({ nested: { secret } }, { depth: 5 }).includes("hunter2"), false);
  assert.deepEqual(Object.keys(secret), []);
  assert.equal(secret.reveal(), "hunter2-long");
});

Deno.test("envValue trims and treats empty values as unset", () => {
  assert.equal(envValue({ A: "  x " }, "A"), "x");
  assert.equal(envValue({ A: "   " }, "A"), undefined);
  assert.equal(envValue({}, "A"), undefined);
});

Deno.test("roleEndpoint returns the pair, nothing when neither is set, and names the variables", () => {
  const endpoint = roleEndpoint(
    { JUDGE_API_KEY: "k-judge", JUDGE_API_BASE: "http://j/v1" },
    "JUDGE",
  );
  assert.equal(endpoint?.baseURL, "http://j/v1");
  assert.equal(endpoint?.apiKey.reveal(), "k-judge");
  assert.equal(endpoint?.keyVar, "JUDGE_API_KEY");
  assert.equal(endpoint?.baseVar, "JUDGE_API_BASE");
  assert.equal(roleEndpoint({ OPENAI_API_KEY: "g" }, "JUDGE"), undefined);
});

Deno.test("roleEndpoint refuses half a pair in either direction", () => {
  for (const env of [{ JUDGE_API_KEY: "k" }, { JUDGE_API_BASE: "http://j/v1" }]) {
    assert.throws(() => roleEndpoint(env, "JUDGE"), (error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /JUDGE_API_KEY and JUDGE_API_BASE must be set together/);
      return true;
    });
  }
});

Deno.test("the half-pair error never contains the key itself", () => {
  assert.throws(() => roleEndpoint({ TASK_API_KEY: "sk-very-secret" }, "TASK"), (error) => {
    assert.ok(!(error as Error).message.includes("sk-very-secret"));
    return true;
  });
});

Deno.test("genericEndpoint is null without OPENAI_API_KEY, even when a base is set", () => {
  assert.equal(genericEndpoint({ OPENAI_API_BASE: "http://x/v1" }), null);
});

Deno.test("genericEndpoint defaults to the official API", () => {
  const endpoint = genericEndpoint({ OPENAI_API_KEY: "sk-g" });
  assert.equal(endpoint?.baseURL, "https://api.openai.com/v1");
  assert.equal(endpoint?.baseVar, null);
});
