/**
 * How {@linkcode KuzuTx.append} writes rows: a parameterised `UNWIND … CREATE` for small batches
 * and Kùzu's CSV `COPY` for large ones. Kùzu's COPY pays a fixed cost per statement (a relationship
 * COPY builds whole CSR node groups): a typical memory write of a few nodes and tens of edges took
 * 412 ms through COPY and 14 ms as CREATE statements, while a load of 20,000 edges is 2.3 times
 * faster through COPY (`deno bench -A stores/kuzu_append_bench.ts`, docs/benchmarks.md). This file only builds Cypher from the catalog; the adapter runs it.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** Rows per table from which `append` loads through COPY instead of CREATE statements. */
export const COPY_MIN_ROWS = 8192;

/** A table's shape as the catalog describes it. */
export interface TableShape {
  name: string;
  kind: "NODE" | "REL";
  /** Property columns in table order (for a relationship table, after FROM and TO). */
  columns: readonly { name: string; type: string }[];
  /** For a relationship table: the endpoint tables and their primary keys. */
  from?: { table: string; key: string };
  to?: { table: string; key: string };
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether `name` can be spliced into Cypher as a table or property name. */
export function isIdentifier(name: string): boolean {
  return IDENT.test(name);
}

/** Field name of column `i` in the UNWIND rows. */
export const fieldOf = (i: number) => `c${i}`;

// A CSV load reads an empty field as null, so CREATE does the same: both paths store the same.
function value(i: number, type: string): string {
  // Both branches carry the column's type: Kùzu's binder rejects an untyped NULL branch here.
  const field = `r.${fieldOf(i)}`;
  return `CASE WHEN ${field} = '' THEN CAST(NULL AS ${type}) ELSE CAST(${field} AS ${type}) END`;
}

/**
 * The `UNWIND $rows AS r … CREATE … RETURN count(*)` statement that appends one row per element
 * of `$rows` (objects with fields `c0`, `c1`, … in CSV column order). For a relationship table the
 * first two fields are the endpoint keys; an endpoint that does not exist matches nothing, so the
 * returned count is smaller than the row count and the caller fails the transaction.
 */
export function createCypher(shape: TableShape): string {
  const offset = shape.kind === "REL" ? 2 : 0;
  const props = shape.columns.map((c, i) => `${c.name}: ${value(i + offset, c.type)}`).join(", ");
  const braces = props ? ` {${props}}` : "";
  if (shape.kind === "NODE") {
    return `UNWIND $rows AS r CREATE (:${shape.name}${braces}) RETURN count(*) AS n`;
  }
  const { from, to } = shape;
  if (!from || !to) {
    throw new AutomemError("internal", `relationship table ${shape.name} has no endpoints`);
  }
  return `UNWIND $rows AS r MATCH (a:${from.table} {${from.key}: r.c0}), ` +
    `(b:${to.table} {${to.key}: r.c1}) CREATE (a)-[:${shape.name}${braces}]->(b) ` +
    `RETURN count(*) AS n`;
}

/** Rows as UNWIND parameter objects. */
export function rowObjects(rows: readonly (readonly string[])[]): Record<string, string>[] {
  return rows.map((row) => Object.fromEntries(row.map((v, i) => [fieldOf(i), v])));
}
