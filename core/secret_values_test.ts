import assert from "node:assert/strict";
import { redactUrlsIn } from "./redact_url.ts";
import { redactSecretValues, rememberSecret, rememberUrlSecrets } from "./secret_values.ts";

Deno.test("a remembered key is removed by value, also URL-encoded; short values are never secrets", () => {
  rememberSecret("k3y/with+plus");
  rememberSecret("abc");
  assert.equal(
    redactSecretValues("key k3y/with+plus and k3y%2Fwith%2Bplus, abc stays"),
    "key *** and ***, abc stays",
  );
});

Deno.test("a URL's password, Basic-auth base64 and secret query values are removed wherever they appear", () => {
  rememberUrlSecrets(
    "https://al%40ice:p%40ss-word9@h.example/v1?api_key=qv-1&format=json&deployment=d-long-name",
  );
  const basic = btoa("al@ice:p@ss-word9");
  const text =
    `GET /v1?api_key=qv-1&format=json&deployment=d-long-name auth=Basic ${basic} pw=p@ss-word9 raw=p%40ss-word9`;
  assert.equal(
    redactSecretValues(text),
    "GET /v1?api_key=***&format=json&deployment=*** auth=Basic *** pw=*** raw=***",
  );
  // The URL redactor applies the same registry to text that holds no URL at all.
  assert.equal(redactUrlsIn(`echo: ${basic.replace(/=+$/, "")}`), "echo: ***");
});

Deno.test("a lone userinfo token is remembered as the credential", () => {
  rememberUrlSecrets("https://tok-lone-77@h.example/");
  assert.equal(redactSecretValues("sent tok-lone-77"), "sent ***");
});
