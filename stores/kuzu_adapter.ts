/**
 * The only file that touches `kuzu` (0.11.3). The native module is loaded lazily with a dynamic
 * import on the first `KuzuGraph.open`, so commands that never open a graph store never load
 * the 25 MB addon. Queries are serialised (one connection, one at a time) and every result is
 * closed, which the binding needs to shut down cleanly.
 *
 * Parameters are restricted to strings, lists of strings and lists of string-valued objects.
 * The 0.11.3 Node binding infers a list's element type from its first element: a list of
 * objects whose first number is integral binds that field as INT64 and reinterprets later
 * doubles bit for bit, and an empty list fails to bind. Callers therefore pass numbers as
 * strings and `CAST` them in Cypher, and never pass empty lists (checked here).
 *
 * @module
 */
import { dirname, join } from "node:path";
import {
  COPY_MIN_ROWS,
  createCypher,
  isIdentifier,
  rowObjects,
  type TableShape,
} from "./kuzu_append.ts";
import { StoreError } from "./store_error.ts";

/** A parameter value the adapter accepts (see the module docs for why only strings). */
export type KuzuParam = string | readonly string[] | readonly Readonly<Record<string, string>>[];

/** One result row. */
export type KuzuRow = Record<string, unknown>;

/** Runs one Cypher statement. */
export type KuzuQuery = (cypher: string, params?: Record<string, KuzuParam>) => Promise<KuzuRow[]>;

/** What a transaction body may do: run statements and append rows to a table. */
export interface KuzuTx {
  query: KuzuQuery;
  /**
   * Appends `rows` (one string per column in CSV order: a relationship table's FROM and TO keys,
   * then its properties) to `table`. Small batches become one `UNWIND … CREATE` statement and
   * batches of {@linkcode COPY_MIN_ROWS} or more a CSV `COPY`, whichever Kùzu does faster
   * (`kuzu_append.ts`). Either way empty strings are stored as null, so callers map null to "" on
   * the way out, and a relationship row whose endpoint is missing fails the transaction.
   */
  append(table: string, rows: readonly (readonly string[])[]): Promise<void>;
}

/** Options of {@linkcode KuzuGraph.open}. */
export interface KuzuOptions {
  /** Buffer pool size in bytes (default 512 MiB). */
  bufferPoolBytes?: number;
  /** Query threads (default: Kùzu's choice). */
  threads?: number;
  /** Directory for the transient CSV files of `append` (default: the database's directory). */
  scratchDir?: string;
  /** Rows from which `append` loads through COPY (default {@linkcode COPY_MIN_ROWS}). */
  copyMinRows?: number;
  /** Open without write access (checking a store; works on read-only media). */
  readOnly?: boolean;
}

const csvField = (s: string) => `"${s.replaceAll('"', '""')}"`;

// deno-lint-ignore no-explicit-any
type KuzuModule = any;
let modulePromise: Promise<KuzuModule> | undefined;

/**
 * Kùzu's module, loaded on first use. Its native library is put in place by the package's install
 * script, which Deno runs only into a `node_modules` folder whose config allows it: a program
 * outside the checkout without one gets `sdk_unavailable` naming the fix, not a damaged-store error.
 */
function loadKuzu(): Promise<KuzuModule> {
  modulePromise ??= import("npm:kuzu@0.11.3").then((m) => m.default ?? m, (error) => {
    modulePromise = undefined;
    throw new StoreError(
      "sdk_unavailable",
      [],
      `the Kùzu graph database (npm:kuzu@0.11.3) cannot be loaded (${(error as Error).message}); ` +
        `graph stores need its native library, installed into a node_modules folder: run with ` +
        `--config <checkout>/deno.json, or give your folder a deno.json with "nodeModulesDir": ` +
        `"auto" and "allowScripts": ["npm:kuzu@0.11.3"]`,
    );
  });
  return modulePromise;
}

function checkParams(params: Record<string, KuzuParam> | undefined): void {
  for (const [name, value] of Object.entries(params ?? {})) {
    const bad = (why: string) => new StoreError("invalid_argument", ["params", name], why);
    if (typeof value === "string") continue;
    if (!Array.isArray(value)) throw bad("must be a string or a list");
    if (value.length === 0) throw bad("must not be an empty list (kuzu cannot bind its type)");
    for (const item of value) {
      if (typeof item === "string") continue;
      if (!item || typeof item !== "object") throw bad("list items must be strings or objects");
      for (const v of Object.values(item)) {
        if (typeof v !== "string") {
          throw bad("object fields must be strings (CAST numbers in Cypher)");
        }
      }
    }
  }
}

/** One embedded Kùzu database with a single serialised connection. */
export class KuzuGraph {
  // deno-lint-ignore no-explicit-any
  readonly #db: any;
  // deno-lint-ignore no-explicit-any
  readonly #conn: any;
  // deno-lint-ignore no-explicit-any
  readonly #prepared = new Map<string, any>();
  readonly #scratchDir: string;
  readonly #copyMinRows: number;
  readonly #shapes = new Map<string, TableShape>();
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  #copies = 0;

  // deno-lint-ignore no-explicit-any
  private constructor(db: any, conn: any, scratchDir: string, copyMinRows: number) {
    this.#db = db;
    this.#conn = conn;
    this.#scratchDir = scratchDir;
    this.#copyMinRows = copyMinRows;
  }

  /** Opens (or creates) the database at `path`; Kùzu replays its WAL after a crash. */
  static async open(path: string, options: KuzuOptions = {}): Promise<KuzuGraph> {
    const kuzu = await loadKuzu();
    const db = new kuzu.Database(
      path,
      options.bufferPoolBytes ?? 512 * 1024 * 1024,
      true,
      options.readOnly ?? false,
    );
    await db.init();
    const conn = options.threads
      ? new kuzu.Connection(db, options.threads)
      : new kuzu.Connection(db);
    await conn.init();
    const scratchDir = options.scratchDir ?? dirname(path);
    if (scratchDir.includes("'")) {
      throw new StoreError("invalid_argument", ["scratchDir"], "must not contain a single quote");
    }
    for await (const e of options.readOnly ? [] : Deno.readDir(scratchDir)) {
      if (e.isFile && /^\.kuzu-copy-\d+\.csv$/.test(e.name)) {
        await Deno.remove(join(scratchDir, e.name));
      }
    }
    return new KuzuGraph(db, conn, scratchDir, options.copyMinRows ?? COPY_MIN_ROWS);
  }

  /** Runs one statement and returns its rows. */
  query(cypher: string, params?: Record<string, KuzuParam>): Promise<KuzuRow[]> {
    return this.#serial(() => this.#run(cypher, params));
  }

  /** Runs `fn` inside one write transaction, rolled back if `fn` throws. */
  transaction<T>(fn: (tx: KuzuTx) => Promise<T>): Promise<T> {
    return this.#serial(async () => {
      await this.#run("BEGIN TRANSACTION");
      try {
        const out = await fn({
          query: (cypher, params) => this.#run(cypher, params),
          append: (table, rows) => this.#append(table, rows),
        });
        await this.#run("COMMIT");
        return out;
      } catch (error) {
        await this.#run("ROLLBACK").catch(() => {});
        throw error;
      }
    });
  }

  /** Closes the connection and the database (idempotent). */
  close(): Promise<void> {
    return this.#serial(async () => {
      if (this.#closed) return;
      this.#closed = true;
      this.#prepared.clear();
      await this.#conn.close();
      await this.#db.close();
    });
  }

  async #append(table: string, rows: readonly (readonly string[])[]): Promise<void> {
    if (rows.length === 0) return;
    if (!isIdentifier(table)) {
      throw new StoreError("invalid_argument", ["table"], `'${table}' is not a table name`);
    }
    if (rows.length >= this.#copyMinRows) return await this.#copy(table, rows);
    const shape = await this.#shape(table);
    const [{ n }] = await this.#run(createCypher(shape), { rows: rowObjects(rows) });
    if (Number(n) !== rows.length) {
      throw new StoreError(
        "unknown_node",
        ["rows"],
        `${
          rows.length - Number(n)
        } of ${rows.length} ${table} rows name an endpoint that does not exist`,
      );
    }
  }

  /** The catalog's description of `table`, read once per table. */
  async #shape(table: string): Promise<TableShape> {
    const known = this.#shapes.get(table);
    if (known) return known;
    const kind = (await this.#run("CALL show_tables() RETURN name, type"))
      .find((t) => t.name === table)?.type;
    if (kind !== "NODE" && kind !== "REL") {
      throw new StoreError("invalid_argument", ["table"], `'${table}' is not a table`);
    }
    const columns = (await this.#run(`CALL table_info('${table}') RETURN name, type`))
      .map((c) => ({ name: String(c.name), type: String(c.type) }));
    const shape: TableShape = { name: table, kind, columns };
    if (kind === "REL") {
      const [c] = await this.#run(`CALL show_connection('${table}') RETURN *`);
      shape.from = {
        table: String(c["source table name"]),
        key: String(c["source table primary key"]),
      };
      shape.to = {
        table: String(c["destination table name"]),
        key: String(c["destination table primary key"]),
      };
    }
    this.#shapes.set(table, shape);
    return shape;
  }

  async #copy(table: string, rows: readonly (readonly string[])[]): Promise<void> {
    const file = join(this.#scratchDir, `.kuzu-copy-${this.#copies++}.csv`);
    await Deno.writeTextFile(file, rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n");
    try {
      await this.#run(`COPY ${table} FROM '${file}' (HEADER=false, PARALLEL=false)`);
    } finally {
      await Deno.remove(file);
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #run(cypher: string, params?: Record<string, KuzuParam>): Promise<KuzuRow[]> {
    if (this.#closed) throw new StoreError("closed", [], "the graph database is closed");
    checkParams(params);
    let statement = this.#prepared.get(cypher);
    if (!statement) {
      statement = await this.#conn.prepare(cypher);
      if (!statement.isSuccess()) {
        throw new StoreError("invalid_argument", ["cypher"], statement.getErrorMessage());
      }
      this.#prepared.set(cypher, statement);
    }
    const result = await this.#conn.execute(statement, params ?? {});
    const results = Array.isArray(result) ? result : [result];
    try {
      return await results[results.length - 1].getAll();
    } finally {
      for (const r of results) r.close();
    }
  }
}
