import assert from "node:assert/strict";
import { RetrieverConfigError } from "./errors.ts";

Deno.test("RetrieverConfigError: the message starts with the field, code and field are kept", () => {
  const e = new RetrieverConfigError("out_of_range", "params.lambda", "must be <= 1, got 2");
  assert.equal(e.message, "params.lambda: must be <= 1, got 2");
  assert.equal(e.code, "out_of_range");
  assert.equal(e.field, "params.lambda");
  assert.equal(e.name, "RetrieverConfigError");
  assert.ok(e instanceof Error);
});
