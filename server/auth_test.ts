import assert from "node:assert/strict";
import { authorized, bearerToken } from "./auth.ts";

Deno.test("the bearer token is taken from a well-formed Authorization header only", () => {
  assert.equal(bearerToken("Bearer abc.def"), "abc.def");
  assert.equal(bearerToken("bearer   abc"), "abc");
  for (const bad of [undefined, null, "", "Bearer", "Basic abc", "Bearer a b", "Tokenabc"]) {
    assert.equal(bearerToken(bad), null, String(bad));
  }
});

Deno.test("only the exact token is authorized", () => {
  assert.ok(authorized("Bearer s3cret-value", "s3cret-value"));
  assert.ok(!authorized("Bearer s3cret-valuE", "s3cret-value"));
  assert.ok(!authorized("Bearer s3cret", "s3cret-value"));
  assert.ok(!authorized(undefined, "s3cret-value"));
  assert.ok(!authorized("Bearer ", ""), "an empty header never matches");
});
