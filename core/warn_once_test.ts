import assert from "node:assert/strict";
import { warnOnce } from "./warn_once.ts";

Deno.test("warnOnce passes on the first warning only", () => {
  const said: string[] = [];
  const warn = warnOnce((m) => said.push(m));
  warn("disk full");
  warn("disk full again");
  assert.deepEqual(said, ["disk full"]);
});
