import assert from "node:assert/strict";
import { canonicalJson, digestOf } from "./canonical_json.ts";

Deno.test("compact ASCII form sorts keys and escapes non-ASCII like Python's ensure_ascii", () => {
  assert.equal(canonicalJson({ b: 1, a: ["é", "x\n"] }), '{"a":["\\u00e9","x\\n"],"b":1}');
});

Deno.test("python separators keep non-ASCII and put spaces after , and :", () => {
  assert.equal(
    canonicalJson({ b: [1, 2], a: "é" }, { ascii: false, separators: "python" }),
    '{"a": "é", "b": [1, 2]}',
  );
});

Deno.test("undefined fields are dropped and the digest ignores key order", () => {
  assert.equal(canonicalJson({ a: undefined, b: null }), '{"b":null}');
  assert.equal(digestOf({ x: 1, y: 2 }), digestOf({ y: 2, x: 1 }));
});
