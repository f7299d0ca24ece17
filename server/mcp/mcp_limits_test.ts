import assert from "node:assert/strict";
import { cappedBody, idNear, LineLimiter } from "./mcp_limits.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

Deno.test("an oversized stdio line is dropped through its newline and reported; later lines pass", () => {
  const heads: string[] = [];
  const limiter = new LineLimiter((h, t) => heads.push(`${h}|${t}`), 20);
  let passed = text(limiter.push(bytes('{"id":1}\n{"id":2,"x":"')));
  passed += text(limiter.push(bytes("a".repeat(40))));
  passed += text(limiter.push(bytes('"}\n{"id":3}\n{"id"')));
  passed += text(limiter.push(bytes(":4}\n")));
  assert.equal(passed, '{"id":1}\n{"id":3}\n{"id":4}\n');
  assert.equal(heads.length, 1);
  assert.equal(idNear(heads[0].split("|")[0], heads[0].split("|")[1]), 2);
});

Deno.test("the id of a message is read from its last bytes, else its first", () => {
  assert.equal(idNear('{"jsonrpc":"2.0","id":"abc","method":"x"'), "abc");
  assert.equal(idNear('{"method":"x","params":{"id":9,', 'aaa"}},"jsonrpc":"2.0","id":12}\n'), 12);
  assert.equal(idNear('{"jsonrpc":"2.0","method":"x"'), null);
});

Deno.test("an HTTP body over the limit is a 413, declared or counted", async () => {
  const big = new Request("http://x/mcp", { method: "POST", body: "a".repeat(30) });
  const declared = await cappedBody(big, 20);
  assert.ok("refused" in declared && declared.refused.status === 413);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes("a".repeat(15)));
      c.enqueue(bytes("a".repeat(15)));
      c.close();
    },
  });
  const chunked = new Request("http://x/mcp", { method: "POST", body: stream });
  const counted = await cappedBody(chunked, 20);
  assert.ok("refused" in counted && counted.refused.status === 413);
  const ok = await cappedBody(new Request("http://x/mcp", { method: "POST", body: "{}" }), 20);
  assert.ok("body" in ok && text(ok.body!) === "{}");
});
