import assert from "node:assert/strict";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import type { McpClient } from "../server/mcp/mod.ts";
import { MCP_SPEC, withMcpHttp } from "./mcp_fixture.ts";

type Unit = { id: string; user_id?: string; project?: string; metadata?: Record<string, unknown> };

async function call(client: McpClient, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0].text;
  return { error: result.isError === true, text, value: result.isError ? text : JSON.parse(text) };
}

Deno.test("MCP tools scope writes and filter reads by user_id, project and metadata", async () => {
  await withMcpHttp({}, async (client) => {
    const add = async (text: string, scope: Record<string, unknown>) =>
      (await call(client, "memory_add_lesson", { text, ...scope })).value as Unit;
    const a1 = await add("Refunds need the order number first.", { user_id: "alice" });
    const a2 = await add("Refunds over 100 dollars need a manager.", {
      user_id: "alice",
      metadata: { lang: "en" },
    });
    const b1 = await add("Refunds need the order number first.", {
      user_id: "bob",
      project: "shop",
    });
    assert.equal(a1.user_id, "alice");
    assert.notEqual(a1.id, b1.id, "the same lesson of two users is two units");
    const search = async (args: Record<string, unknown>) =>
      ((await call(client, "memory_search", { query: "refund order number", k: 2, ...args }))
        .value as { unit: Unit }[]).map((h) => h.unit.id).sort();
    assert.deepEqual(await search({ user_id: "alice" }), [a1.id, a2.id].sort());
    assert.deepEqual(await search({ user_id: "bob" }), [b1.id]);
    assert.deepEqual(await search({ metadata: { lang: "en" } }), [a2.id]);
    const list = async (args: Record<string, unknown>) =>
      ((await call(client, "memory_list", args)).value.units as Unit[]).map((u) => u.id);
    assert.deepEqual(await list({ project: "shop" }), [b1.id]);
    assert.deepEqual(await list({ user_id: "carol" }), []);
    const updated = (await call(client, "memory_update", {
      id: a1.id,
      metadata: { lang: "de" },
    })).value as Unit;
    assert.deepEqual(updated.metadata, { lang: "de" });
    assert.deepEqual(await list({ user_id: "alice", metadata: { lang: "de" } }), [a1.id]);
    const bad = await call(client, "memory_search", { query: "x", user_id: "" });
    assert.equal(bad.error, true);
    assert.match(bad.text, /-32602.*user_id/s);
    const badMeta = await call(client, "memory_add_lesson", { text: "x", metadata: { a: [1] } });
    assert.equal(badMeta.error, true);
    assert.match(badMeta.text, /-32602.*metadata/s);
  });
});

Deno.test("MCP server with a default scope stamps writes and reads only its own units", async () => {
  await withMcpHttp({ scope: { user_id: "alice", project: "p1" } }, async (client) => {
    const mine = (await call(client, "memory_add_lesson", { text: "Alice's lesson on refunds." }))
      .value as Unit;
    assert.equal(mine.user_id, "alice");
    assert.equal(mine.project, "p1");
    const other = (await call(client, "memory_add_lesson", {
      text: "Bob's lesson on refunds.",
      user_id: "bob",
    })).value as Unit;
    assert.equal(other.user_id, "bob", "a call's own field overrides the default");
    assert.equal(other.project, "p1");
    const listed = (await call(client, "memory_list", {})).value.units as Unit[];
    assert.deepEqual(listed.map((u) => u.id), [mine.id]);
    const hits = (await call(client, "memory_search", { query: "lesson on refunds", k: 5 }))
      .value as { unit: Unit }[];
    assert.deepEqual(hits.map((h) => h.unit.id), [mine.id]);
    assert.deepEqual((await call(client, "memory_get", { id: other.id })).value, {
      found: false,
      id: other.id,
    });
    const resources = (await client.listResources()).resources.map((r: { name: string }) => r.name);
    assert.deepEqual(resources, [mine.id]);
  });
});

Deno.test("automem mcp refuses a bad --user_id before opening the memory", async () => {
  const work = await Deno.makeTempDir({ prefix: "automem_mcp_scope_" });
  try {
    const io = captureIo({ files: { "spec.json": JSON.stringify(MCP_SPEC) } });
    const code = await runCli(
      ["mcp", "--spec", "spec.json", "--dir", `${work}/memory`, "--user_id", " x"],
      io,
      COMMANDS,
    );
    assert.equal(code, 2);
    assert.match(io.err.join(""), /--user_id: must not start or end with white space/);
    assert.equal(await Deno.stat(`${work}/memory`).then(() => true, () => false), false);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
