import assert from "node:assert/strict";
import { createCypher, rowObjects } from "./kuzu_append.ts";

Deno.test("append cypher creates nodes with typed, null-for-empty properties", () => {
  const cypher = createCypher({
    name: "N",
    kind: "NODE",
    columns: [{ name: "id", type: "STRING" }, { name: "w", type: "DOUBLE" }],
  });
  assert.match(cypher, /^UNWIND \$rows AS r CREATE \(:N \{id: CASE WHEN r\.c0 = ''/);
  assert.match(
    cypher,
    /w: CASE WHEN r\.c1 = '' THEN CAST\(NULL AS DOUBLE\) ELSE CAST\(r\.c1 AS DOUBLE\) END/,
  );
  assert.match(cypher, /RETURN count\(\*\) AS n$/);
});

Deno.test("append cypher matches relationship endpoints by their primary keys and counts rows", () => {
  const shape = {
    name: "R",
    kind: "REL" as const,
    columns: [{ name: "w", type: "DOUBLE" }],
    from: { table: "A", key: "id" },
    to: { table: "B", key: "key" },
  };
  const cypher = createCypher(shape);
  assert.match(cypher, /MATCH \(a:A \{id: r\.c0\}\), \(b:B \{key: r\.c1\}\)/);
  assert.match(cypher, /CREATE \(a\)-\[:R \{w: CASE WHEN r\.c2 = ''/);
  assert.match(createCypher({ ...shape, columns: [] }), /CREATE \(a\)-\[:R\]->\(b\)/);
  assert.throws(() => createCypher({ ...shape, from: undefined }), /no endpoints/);
  assert.deepEqual(rowObjects([["x", "1"]]), [{ c0: "x", c1: "1" }]);
});
