import assert from "node:assert/strict";
import { join } from "node:path";
import { KuzuGraph } from "./kuzu_adapter.ts";
import { StoreError } from "./store_error.ts";
import { withTempDir } from "./store_conformance.ts";

Deno.test("kuzu adapter binds string rows, bulk-copies CSV rows exactly and persists across reopen", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "g.kuzu");
    const g = await KuzuGraph.open(path, { bufferPoolBytes: 64 * 1024 * 1024 });
    await g.query("CREATE NODE TABLE N(id STRING PRIMARY KEY, w DOUBLE, note STRING)");
    await g.query("COPY N FROM (UNWIND $rows AS r RETURN r.id, CAST(r.w AS DOUBLE), r.note)", {
      rows: [{ id: "a", w: "0", note: "plain" }, { id: "b", w: String(0.1 + 0.2), note: "" }],
    });
    await g.transaction((tx) => tx.copy("N", [["c", "1e-7", 'comma, "quote"\nnewline']]));
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
