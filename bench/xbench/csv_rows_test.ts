import assert from "node:assert/strict";
import { formatCsvRows, parseCsvRows } from "./csv_rows.ts";

Deno.test("CSV rows round-trip through quoting, and a BOM is ignored", () => {
  const text = formatCsvRows(["id", "v"], [["1", 'a, "b"\nc'], ["2", "plain"]]);
  assert.deepEqual(parseCsvRows("\ufeff" + text), [
    { id: "1", v: 'a, "b"\nc' },
    { id: "2", v: "plain" },
  ]);
  assert.throws(() => parseCsvRows("id,v\n1,2,3"), /row 1 has 3 cells/);
});
