import assert from "node:assert/strict";
import { join } from "node:path";
import { KuzuGraph } from "./kuzu_adapter.ts";
import { StoreError } from "./store_error.ts";
import { withTempDir } from "./store_conformance.ts";

Deno.test("kuzu adapter binds string rows, appends rows exactly and persists across reopen", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "g.kuzu");
    const g = await KuzuGraph.open(path, { bufferPoolBytes: 64 * 1024 * 1024 });
    await g.query("CREATE NODE TABLE N(id STRING PRIMARY KEY, w DOUBLE, note STRING)");
    await g.query("COPY N FROM (UNWIND $rows AS r RETURN r.id, CAST(r.w AS DOUBLE), r.note)", {
      rows: [{ id: "a", w: "0", note: "plain" }, { id: "b", w: String(0.1 + 0.2), note: "" }],
    });
    await g.transaction((tx) => tx.append("N", [["c", "1e-7", 'comma, "quote"\nnewline']]));
    await g.close();
    await g.close();
    const again = await KuzuGraph.open(path, { bufferPoolBytes: 64 * 1024 * 1024 });
    try {
      const rows = await again.query(
        "MATCH (n:N) RETURN n.id AS id, n.w AS w, n.note AS note ORDER BY id",
      );
      assert.deepEqual(rows, [
        { id: "a", w: 0, note: "plain" },
        { id: "b", w: 0.1 + 0.2, note: "" },
        { id: "c", w: 1e-7, note: 'comma, "quote"\nnewline' },
      ]);
      const leftovers = [];
      for await (const e of Deno.readDir(dir)) if (e.name.endsWith(".csv")) leftovers.push(e.name);
      assert.deepEqual(leftovers, []);
    } finally {
      await again.close();
    }
  });
});

Deno.test("kuzu adapter rolls back a failed transaction and rejects unsafe parameters", async () => {
  await withTempDir(async (dir) => {
    const g = await KuzuGraph.open(join(dir, "g.kuzu"), { bufferPoolBytes: 64 * 1024 * 1024 });
    try {
      await g.query("CREATE NODE TABLE N(id STRING PRIMARY KEY)");
      await assert.rejects(
        g.transaction(async (tx) => {
          await tx.query("CREATE (:N {id: 'x'})");
          throw new Error("boom");
        }),
        /boom/,
      );
      assert.deepEqual(await g.query("MATCH (n:N) RETURN count(n) AS c"), [{ c: 0 }]);
      await assert.rejects(
        g.query("UNWIND $ids AS i RETURN i", { ids: [] }),
        (e: unknown) => e instanceof StoreError && e.path.join(".") === "params.ids",
      );
      await assert.rejects(
        g.query("UNWIND $rows AS r RETURN r.w", { rows: [{ w: 1 as unknown as string }] }),
        (e: unknown) => e instanceof StoreError && /CAST/.test(e.message),
      );
      await assert.rejects(
        g.query("MATCH (n:Nope) RETURN n"),
        (e: unknown) => e instanceof StoreError && e.path[0] === "cypher",
      );
    } finally {
      await g.close();
    }
  });
});

const SCHEMA = [
  "CREATE NODE TABLE P(id STRING PRIMARY KEY, w DOUBLE, note STRING)",
  "CREATE REL TABLE L(FROM P TO P, kind STRING, w DOUBLE)",
  "CREATE REL TABLE B(FROM P TO P)",
];

async function appendAndRead(dir: string, copyMinRows: number) {
  const g = await KuzuGraph.open(join(dir, `g${copyMinRows}.kuzu`), {
    bufferPoolBytes: 64 * 1024 * 1024,
    copyMinRows,
  });
  try {
    for (const ddl of SCHEMA) await g.query(ddl);
    await g.transaction(async (tx) => {
      await tx.append("P", [["a", "0.5", 'comma, "quote"\nnewline'], ["b", "", ""], [
        "c",
        "1e-7",
        "x",
      ]]);
      await tx.append("L", [["a", "b", "near", "0.25"], ["b", "c", "", ""]]);
      await tx.append("B", [["c", "a"]]);
    });
    return {
      nodes: await g.query("MATCH (p:P) RETURN p.id AS id, p.w AS w, p.note AS note ORDER BY id"),
      rels: await g.query(
        "MATCH (a:P)-[l:L]->(b:P) RETURN a.id AS s, b.id AS t, l.kind AS kind, l.w AS w ORDER BY s",
      ),
      bare: await g.query("MATCH (a:P)-[:B]->(b:P) RETURN a.id AS s, b.id AS t"),
    };
  } finally {
    await g.close();
  }
}

Deno.test("kuzu append stores the same rows through CREATE statements as through CSV COPY", async () => {
  await withTempDir(async (dir) => {
    const viaCreate = await appendAndRead(dir, 1_000_000);
    const viaCopy = await appendAndRead(dir, 1);
    assert.deepEqual(viaCreate, viaCopy);
    assert.deepEqual(viaCreate.nodes, [
      { id: "a", w: 0.5, note: 'comma, "quote"\nnewline' },
      { id: "b", w: null, note: null },
      { id: "c", w: 1e-7, note: "x" },
    ]);
    assert.deepEqual(viaCreate.rels, [
      { s: "a", t: "b", kind: "near", w: 0.25 },
      { s: "b", t: "c", kind: null, w: null },
    ]);
    assert.deepEqual(viaCreate.bare, [{ s: "c", t: "a" }]);
  });
});

Deno.test("kuzu append fails the transaction when a relationship names a missing endpoint", async () => {
  await withTempDir(async (dir) => {
    const g = await KuzuGraph.open(join(dir, "g.kuzu"), { bufferPoolBytes: 64 * 1024 * 1024 });
    try {
      for (const ddl of SCHEMA) await g.query(ddl);
      await g.transaction((tx) => tx.append("P", [["a", "1", ""]]));
      await assert.rejects(
        g.transaction(async (tx) => {
          await tx.append("P", [["b", "2", ""]]);
          await tx.append("L", [["a", "b", "ok", "1"], ["a", "ghost", "bad", "1"]]);
        }),
        (e: unknown) =>
          e instanceof StoreError && e.code === "unknown_node" && /1 of 2 L rows/.test(e.message),
      );
      assert.deepEqual(await g.query("MATCH (p:P) RETURN p.id AS id"), [{ id: "a" }]);
      assert.deepEqual(await g.query("MATCH ()-[l:L]->() RETURN count(l) AS c"), [{ c: 0 }]);
      await assert.rejects(
        g.transaction((tx) => tx.append("Nope", [["x"]])),
        (e: unknown) => e instanceof StoreError && /'Nope' is not a table/.test(e.message),
      );
      await assert.rejects(
        g.transaction((tx) => tx.append("P; DROP", [["x"]])),
        (e: unknown) => e instanceof StoreError && /not a table name/.test(e.message),
      );
    } finally {
      await g.close();
    }
  });
});
