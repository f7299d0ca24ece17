import assert from "node:assert/strict";
import { HealthSchema } from "./api_schemas.ts";
import { isLoopback } from "./host_guard.ts";
import { serve, ServeError } from "./serve.ts";

async function refuses(p: Promise<unknown>, code: string, msg: RegExp) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof ServeError);
    assert.equal(e.code, code);
    assert.match(e.message, msg);
    return true;
  });
}

Deno.test("loopback addresses are recognised", () => {
  for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) {
    assert.ok(isLoopback(h), h);
  }
  for (const h of ["0.0.0.0", "192.168.1.4", "::", "example.com"]) assert.ok(!isLoopback(h), h);
});

Deno.test("binding a non-loopback address without a token is refused with the way out", async () => {
  const dir = await Deno.makeTempDir();
  await refuses(
    serve({ runsDir: dir, host: "0.0.0.0", port: 0 }),
    "insecure_bind",
    /--token.*AUTOMEM_STATUS_TOKEN/,
  );
  await refuses(serve({ runsDir: dir, port: 70000 }), "bad_option", /--port/);
  await refuses(serve({ runsDir: dir, port: 0, token: "short" }), "bad_option", /--token/);
  await refuses(serve({ runsDir: `${dir}/missing`, port: 0 }), "bad_option", /--runs_dir/);
});

Deno.test("the server answers on 127.0.0.1, refuses a taken port and stops on abort", async () => {
  const dir = await Deno.makeTempDir();
  const ctl = new AbortController();
  const s = await serve({ runsDir: dir, port: 0, signal: ctl.signal });
  try {
    assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const body = HealthSchema.parse(await (await fetch(new URL("api/health", s.url))).json());
    assert.equal(body.ok, true);
    await refuses(serve({ runsDir: dir, port: s.port }), "address_in_use", /in use/);
  } finally {
    ctl.abort();
    await s.finished;
  }
});
