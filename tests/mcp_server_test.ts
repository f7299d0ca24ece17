import assert from "node:assert/strict";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { isAutomemError } from "../core/automem_error.ts";
import { createMemory } from "../memory/create_memory.ts";
import { withMcpHttp } from "./mcp_fixture.ts";
import {
  connectMcpHttp,
  connectMcpStdio,
  filesPathFor,
  type McpClient,
  McpFiles,
  serveMcpHttp,
} from "../server/mcp/mod.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const SPEC = {
  schema_version: "1",
  encode: ["tip"],
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
};
const TOOLS = [
  "files_append",
  "files_count",
  "files_create",
  "files_index",
  "files_read",
  "files_search",
  "files_tail",
  "files_upsert",
  "files_write",
  "memory_add_lesson",
  "memory_add_transcript",
  "memory_delete",
  "memory_get",
  "memory_guidance",
  "memory_list",
  "memory_purge",
  "memory_report_outcome",
  "memory_search",
  "memory_update",
];

/** The JSON a tool answered with (tools answer one JSON text block). */
async function call(client: McpClient, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  assert.equal(content[0].type, "text");
  return { error: result.isError === true, value: JSON.parse(content[0].text) };
}

/** Lists tools, adds a lesson, gets guidance, searches, reads the unit resource and deletes it. */
async function exercise(client: McpClient): Promise<void> {
  const listed = (await client.listTools()).tools;
  assert.deepEqual(listed.map((t: { name: string }) => t.name).sort(), TOOLS);
  const hints = Object.fromEntries(
    listed.map((t: { name: string; annotations?: Record<string, unknown> }) => [
      t.name,
      t.annotations,
    ]),
  );
  assert.equal(hints.memory_search?.readOnlyHint, true);
  assert.equal(hints.memory_delete?.destructiveHint, true);
  assert.equal(hints.memory_add_lesson?.readOnlyHint, false);
  assert.equal(hints.memory_add_lesson?.destructiveHint, false);
  const added = await call(client, "memory_add_lesson", {
    text: "Ask for the order number before issuing a refund.",
    use_when: ["refund"],
  });
  assert.equal(added.error, false);
  const id = added.value.id as string;
  assert.equal(added.value.embedding, undefined, "clients never receive embeddings");
  const guidance = await call(client, "memory_guidance", {
    task_id: "t1",
    task: "Issue a refund for a damaged item",
  });
  assert.ok((guidance.value.unit_ids as string[]).includes(id), JSON.stringify(guidance.value));
  assert.match(guidance.value.text, /order number/);
  const hits = await call(client, "memory_search", { query: "refund order number", k: 3 });
  assert.equal(hits.value[0].unit.id, id);
  assert.equal((await call(client, "memory_get", { id })).value.id, id);
  const resources = (await client.listResources()).resources.map((r: { uri: string }) => r.uri);
  assert.deepEqual(resources, [`automem://units/${id}`]);
  const read = await client.readResource({ uri: resources[0] });
  assert.equal(JSON.parse((read.contents[0] as { text: string }).text).id, id);
  const outcome = await call(client, "memory_report_outcome", {
    task_id: "t1",
    task: "Issue a refund for a damaged item",
    success: true,
    messages: [{ role: "user", content: "refund please" }, { role: "assistant", content: "Done" }],
  });
  assert.equal(outcome.error, false, JSON.stringify(outcome.value));
  const updated = await call(client, "memory_update", {
    id,
    text: "Ask for the order number and the receipt before a refund.",
  });
  assert.match(updated.value.content.principle, /receipt/, JSON.stringify(updated.value));
  assert.deepEqual((await call(client, "memory_delete", { id })).value, { deleted: 1 });
  assert.deepEqual((await call(client, "memory_get", { id })).value, { found: false, id });
  const gone = await client.readResource({ uri: resources[0] }).catch((e: { code?: number }) => e);
  assert.equal(gone.code, -32002, "a missing resource is -32002, not an internal error");
  const left = await call(client, "memory_list", {});
  assert.ok(!(left.value.units as { id: string }[]).some((u) => u.id === id));
  const bad = await call(client, "memory_add_lesson", { text: " " });
  assert.ok(bad.error, "an invalid lesson is a tool error, not a crash");
}

/** A file tool's plain result text (the memory file system's own). */
async function text(client: McpClient, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return (result.content as { text: string }[])[0].text;
}

/** Writes, upserts, searches and reads memory files. */
async function exerciseFiles(client: McpClient): Promise<void> {
  assert.equal(await text(client, "files_index", {}), "[NO FILES]");
  assert.equal(await text(client, "files_create", { file: "notes.txt" }), "[Created notes.txt]");
  assert.equal(
    await text(client, "files_write", { file: "notes.txt", text: "refunds need an order number" }),
    "[Wrote to notes.txt]",
  );
  assert.equal(
    await text(client, "files_append", { file: "notes.txt", text: "ship by courier" }),
    "[Appended to notes.txt]",
  );
  for (const [key, value] of [["alice", "prefers email"], ["bob", "vip"], ["alice", "phone"]]) {
    await text(client, "files_upsert", { file: "people.txt", key, text: value });
  }
  assert.equal(
    await text(client, "files_search", { file: "notes.txt", keyword: "ORDER" }),
    "refunds need an order number",
  );
  assert.equal(
    await text(client, "files_count", { file: "people.txt", keyword: "alice" }),
    "[1 line(s) matching 'alice']",
  );
  assert.equal(await text(client, "files_tail", { file: "notes.txt", n: 1 }), "ship by courier");
  assert.equal(
    await text(client, "files_read", { file: "missing.txt" }),
    "[ERROR: file 'missing.txt' does not exist]",
  );
}

/** What a restarted server must still see. */
async function filesSurvive(client: McpClient): Promise<void> {
  assert.equal(
    await text(client, "files_read", { file: "people.txt" }),
    "bob: vip\nalice: phone\n",
  );
  assert.equal(
    await text(client, "files_index", {}),
    "  - notes.txt (2 lines)\n  - people.txt (2 lines)",
  );
}

Deno.test("automem mcp over stdio serves the memory to the SDK's own client", async () => {
  const work = await Deno.makeTempDir({ prefix: "automem_mcp_stdio_" });
  await Deno.writeTextFile(`${work}/spec.json`, JSON.stringify(SPEC));
  const start = () =>
    connectMcpStdio({
      command: Deno.execPath(),
      args: [
        "run",
        "-A",
        "--config",
        `${ROOT}deno.json`,
        `${ROOT}main.ts`,
        "mcp",
        "--spec",
        `${work}/spec.json`,
        "--dir",
        `${work}/memory`,
        "--offline",
      ],
      cwd: work,
    });
  try {
    const client = await start();
    try {
      await exercise(client);
      await exerciseFiles(client);
    } finally {
      await client.close();
    }
    const snapshot = JSON.parse(await Deno.readTextFile(`${work}/memory.files.json`));
    assert.deepEqual(Object.keys(snapshot).sort(), ["notes.txt", "people.txt"]);
    const restarted = await start();
    try {
      await filesSurvive(restarted);
      // Over the 4 MiB limit: a clear JSON-RPC error for that call, and the session goes on.
      const huge = await restarted.callTool({
        name: "memory_add_lesson",
        arguments: { text: "x".repeat(5 * 1024 * 1024) },
      }).catch((e: { code?: number; message?: string }) => e);
      assert.equal((huge as { code?: number }).code, -32600, String(huge));
      assert.match(String((huge as { message?: string }).message), /larger than 4194304 bytes/);
      assert.equal((await call(restarted, "memory_list", {})).error, false, "still serving");
    } finally {
      await restarted.close();
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("MCP over streamable HTTP on loopback requires the token when one is set", async () => {
  const work = await Deno.makeTempDir({ prefix: "automem_mcp_http_" });
  const stop = new AbortController();
  await using memory = await createMemory({ spec: SPEC, dir: `${work}/memory` });
  const token = "test-token-1234";
  const files = await McpFiles.open(filesPathFor(`${work}/memory`));
  const server = serveMcpHttp(memory, { port: 0, token, files, signal: stop.signal });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    await assert.rejects(connectMcpHttp(`${server.url}mcp`, "wrong-token-000"), /401|token/i);
    const client = await connectMcpHttp(`${server.url}mcp`, token);
    try {
      await exercise(client);
      await exerciseFiles(client);
    } finally {
      await client.close();
    }
    const reopened = await McpFiles.open(filesPathFor(`${work}/memory/`));
    assert.equal(await reopened.read((fs) => fs.read("people.txt")), "bob: vip\nalice: phone\n");
  } finally {
    stop.abort();
    await server.finished;
    await Deno.remove(work, { recursive: true });
  }
});

/** Every page of `fetch` from the first, following next cursors; fails on a repeated cursor. */
async function walk(fetch: (cursor?: string) => Promise<{ ids: string[]; next?: string }>) {
  const ids: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetch(cursor);
    ids.push(...page.ids);
    pages++;
    assert.ok(page.next === undefined || !seen.has(page.next), "a cursor never repeats");
    if (page.next !== undefined) seen.add(page.next);
    cursor = page.next;
  } while (cursor !== undefined);
  return { ids, pages };
}

/** Serves a memory holding `lessons` over HTTP to the SDK client for `body`, then cleans up. */
function overHttp(
  lessons: string[],
  pageSize: number | undefined,
  body: (client: McpClient, ids: string[]) => Promise<void>,
): Promise<void> {
  return withMcpHttp({ lessons, pageSize }, body);
}

Deno.test("MCP resources/list and memory_list page by cursor; a bad cursor is -32602", async () => {
  const lessons = Array.from({ length: 7 }, (_, i) => `Lesson number ${i} on paging`);
  await overHttp(lessons, 3, async (client, stored) => {
    const resources = await walk(async (cursor) => {
      const r = await client.listResources(cursor === undefined ? {} : { cursor });
      return { ids: r.resources.map((x: { name: string }) => x.name), next: r.nextCursor };
    });
    assert.equal(resources.pages, 3, "7 units at 3 per page");
    assert.deepEqual(resources.ids, [...stored].sort(), "every unit exactly once");
    const tool = await walk(async (cursor) => {
      const r = (await call(client, "memory_list", { limit: 2, ...(cursor ? { cursor } : {}) }))
        .value;
      return { ids: (r.units as { id: string }[]).map((u) => u.id), next: r.next_cursor };
    });
    assert.equal(tool.pages, 4, "7 units at 2 per page");
    assert.deepEqual(tool.ids, [...stored].sort());
    for (const cursor of ["not a cursor", btoa(JSON.stringify({ page: 2 }))]) {
      const bad = await client.listResources({ cursor }).catch((e: { code?: number }) => e);
      assert.equal((bad as { code?: number }).code, -32602, String(bad));
      // The SDK answers a tool's errors inside the result, with the JSON-RPC code in its text.
      const badTool = await client.callTool({ name: "memory_list", arguments: { cursor } });
      assert.equal(badTool.isError, true);
      assert.match((badTool.content as { text: string }[])[0].text, /-32602.*not issued here/);
    }
  });
});

Deno.test("memory_search with min_score drops hits scoring below it", async () => {
  const lessons = [
    "Ask for the order number before issuing a refund.",
    "Water the garden plants every morning in summer.",
    "Refund requests over 100 dollars need a manager.",
  ];
  await overHttp(lessons, undefined, async (client) => {
    const search = async (extra: Record<string, unknown>) =>
      (await call(client, "memory_search", { query: "refund order number", k: 3, ...extra }))
        .value as { score: number; unit: { id: string } }[];
    const all = await search({});
    assert.equal(all.length, 3, JSON.stringify(all));
    const scores = all.map((h) => h.score);
    const cut = (Math.max(...scores) + Math.min(...scores)) / 2;
    assert.ok(Math.min(...scores) < cut && cut <= 1, `scores ${scores} must differ`);
    const kept = await search({ min_score: cut });
    assert.deepEqual(
      kept.map((h) => h.unit.id),
      all.filter((h) => h.score >= cut).map((h) => h.unit.id),
    );
    assert.ok(kept.length >= 1 && kept.length < all.length, JSON.stringify({ scores, cut }));
    const none = await search({ min_score: 1 });
    assert.ok(none.every((h) => h.score >= 1));
    const refused = await client.callTool({
      name: "memory_search",
      arguments: { query: "refund", min_score: 1.5 },
    });
    assert.equal(refused.isError, true, "min_score is 0..1");
    assert.match((refused.content as { text: string }[])[0].text, /-32602.*min_score/s);
  });
});

Deno.test("MCP over HTTP refuses a non-loopback bind without a token (library and CLI)", async () => {
  const work = await Deno.makeTempDir({ prefix: "automem_mcp_bind_" });
  try {
    await using memory = await createMemory({ spec: SPEC, dir: `${work}/memory` });
    const refused = (() => {
      try {
        serveMcpHttp(memory, { host: "0.0.0.0", port: 0 });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(isAutomemError(refused, "insecure_bind"), String(refused));
    const io = captureIo({ files: { "spec.json": JSON.stringify(SPEC) } });
    const code = await runCli(
      ["mcp", "--spec", "spec.json", "--dir", `${work}/cli`, "--http", "--host", "0.0.0.0"],
      io,
      COMMANDS,
    );
    assert.equal(code, 2);
    assert.match(io.err.join(""), /refusing to serve on 0\.0\.0\.0 without a token/);
    const created = await Deno.stat(`${work}/cli`).then(() => true, () => false);
    assert.equal(created, false, "nothing is opened before the bind is accepted");
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("only server/mcp/mcp_adapter.ts imports the MCP SDK", async () => {
  const importers: string[] = [];
  const walk = async (dir: string, rel: string) => {
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory && ![".git", "node_modules", ".tools", "runs"].includes(e.name)) {
        await walk(`${dir}/${e.name}`, `${rel}${e.name}/`);
      } else if (e.isFile && e.name.endsWith(".ts")) {
        const text = await Deno.readTextFile(`${dir}/${e.name}`);
        if (/from\s+"(npm:)?@modelcontextprotocol\/sdk/.test(text)) {
          importers.push(`${rel}${e.name}`);
        }
      }
    }
  };
  await walk(ROOT.replace(/\/$/, ""), "");
  assert.deepEqual(importers, ["server/mcp/mcp_adapter.ts"]);
});
