import assert from "node:assert/strict";
import { OP_DEFAULTS, OP_NAMES } from "../../core/presets.ts";
import { MANAGE_OPS } from "./registry.ts";

Deno.test("every op name is registered under its own name and accepts its default settings", () => {
  assert.deepEqual(Object.keys(MANAGE_OPS).sort(), [...OP_NAMES].sort());
  for (const name of OP_NAMES) {
    assert.equal(MANAGE_OPS[name].name, name);
    const bound = MANAGE_OPS[name].bind(OP_DEFAULTS[name]);
    assert.ok(bound.ok, `${name}: ${JSON.stringify(!bound.ok && bound.issues)}`);
  }
});
