import assert from "node:assert/strict";
import { conflict, notFound, RunReadError } from "./errors.ts";

Deno.test("each read error code maps to one HTTP status", () => {
  const cases = [
    ["bad_request", 400],
    ["unauthorized", 401],
    ["not_found", 404],
    ["method_not_allowed", 405],
    ["conflict", 409],
    ["internal", 500],
  ] as const;
  for (const [c, status] of cases) assert.equal(new RunReadError(c, "m").status, status);
  assert.equal(notFound("x").status, 404);
  const cause = new SyntaxError("bad");
  assert.equal(conflict("x", cause).cause, cause);
});
