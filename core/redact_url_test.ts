import assert from "node:assert/strict";
import { redactUrl, redactUrlsDeep, redactUrlsIn } from "./redact_url.ts";

Deno.test("redactUrl removes userinfo and query values but keeps host, path and keys", () => {
  assert.equal(
    redactUrl("https://bob:hunter2@api.example.com/v1?api-key=SECRET&x=1"),
    "https://***@api.example.com/v1?api-key=***&x=***",
  );
  assert.equal(redactUrl("http://127.0.0.1:8080/v1"), "http://127.0.0.1:8080/v1");
  assert.equal(redactUrl("not a url"), "not a url");
});

Deno.test("redactUrlsIn scrubs every URL inside free text", () => {
  const text = 'chat at http://u:pw@h:1/v1?key=abc failed; see "https://x.io/a?token=t"';
  const out = redactUrlsIn(text);
  assert.ok(!out.includes("pw") && !out.includes("abc") && !out.includes("token=t"), out);
  assert.ok(out.includes("http://***@h:1/v1?key=***"));
});

Deno.test("redactUrlsDeep scrubs strings at any depth and leaves other values alone", () => {
  const out = redactUrlsDeep({ a: ["http://a:b@h/"], n: 3, nested: { s: "https://h/?k=v" } });
  assert.deepEqual(out, { a: ["http://***@h/"], n: 3, nested: { s: "https://h/?k=***" } });
});
