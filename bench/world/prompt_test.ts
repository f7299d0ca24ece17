import assert from "node:assert/strict";
import { worldSystemPrompt } from "./prompt.ts";
import { TOOLS } from "./tools.ts";

Deno.test("the system prompt lists every tool as an OpenAI function schema and the budget", () => {
  const p = worldSystemPrompt(13);
  assert.match(p, /at most\s+13 calls/);
  const json = JSON.parse(p.slice(p.indexOf("["), p.lastIndexOf("]") + 1));
  assert.equal(json.length, TOOLS.length);
  const fetch = json.find((t: { function: { name: string } }) =>
    t.function.name === "fetch_records"
  );
  assert.equal(fetch.type, "function");
  assert.deepEqual(fetch.function.parameters.required, ["dataset", "region"]);
  assert.equal(fetch.function.parameters.properties.include_archived.type, "boolean");
  assert.ok(!p.includes("{{"), "every placeholder is filled");
});
