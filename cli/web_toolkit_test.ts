import assert from "node:assert/strict";
import { startFixtureWeb } from "../bench/web/fixture_web.ts";
import { webKindOf } from "../bench/web_bench/kinds.ts";
import { buildWebToolkit } from "./web_toolkit.ts";
import { captureIo } from "./testing_io.ts";
import { freePort } from "../core/free_port.ts";

const GAIA = webKindOf("GAIA")!;
const io = () => captureIo({ env: { AUTOMEM_CACHE_DIR: "/nonexistent/automem-cache" } });

Deno.test("a toolkit shares the fixture web already served on its port and leaves it running", async () => {
  const port = freePort();
  const served = await startFixtureWeb({ port });
  try {
    const kit = await buildWebToolkit(GAIA, {
      io: io(),
      allowPrivate: false,
      offline: true,
      fixturePort: port,
      shareFixture: true,
    });
    assert.ok(kit.tools({ webOnly: true }).some((t) => t.spec.name === "web_search"));
    assert.equal(kit.context.allowPrivateAddresses, true);
    await kit.close?.();
    const res = await fetch(`${served.url}search?q=ferry&format=json`);
    assert.ok(Array.isArray((await res.json()).results), "the shared server still serves");
  } finally {
    await served.close();
  }
});

Deno.test("a taken fixture port is refused without sharing, or when another server holds it", async () => {
  const port = freePort();
  const other = Deno.serve(
    { hostname: "127.0.0.1", port, onListen: () => {} },
    () => new Response("not the fixture", { status: 404 }),
  );
  try {
    for (const shareFixture of [false, true]) {
      await assert.rejects(
        buildWebToolkit(GAIA, {
          io: io(),
          allowPrivate: false,
          offline: true,
          fixturePort: port,
          shareFixture,
        }),
        Deno.errors.AddrInUse,
      );
    }
  } finally {
    await other.shutdown();
  }
});
