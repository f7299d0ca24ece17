/**
 * The file-system memory ({@linkcode MemoryFs}) behind the MCP `files_*` tools: one file system
 * persisted as a snapshot JSON beside the memory directory, reloaded whenever another process
 * changed it and rewritten atomically (temporary file + rename) after every mutating op, so
 * several servers and a restarted one all see the same files. Tools answer with the file
 * system's own result texts.
 *
 * @module
 */
import { basename, dirname } from "node:path";
import { z } from "../../core/zod.ts";
import { writeJsonAtomic } from "../../core/atomic_write.ts";
import { AutomemError } from "../../core/automem_error.ts";
import { directoryStamp } from "../../core/file_lock.ts";
import { readTextIfExists } from "../../core/read_if_exists.ts";
import { SharedResource } from "../../core/shared_resource.ts";
import { FileNameError, type FsSnapshot, MemoryFs, safeName } from "../../memory/files/mod.ts";
import { ADDS, DESTROYS, READS, type ToolHints } from "./mcp_tools.ts";

/** Where the files of a memory in `dir` live: `<dir>.files.json`, beside the directory. */
export function filesPathFor(dir: string): string {
  return `${dir.replace(/\/+$/, "")}.files.json`;
}

/**
 * A {@linkcode MemoryFs} persisted at `path`, shared in turns with every other process serving
 * the same files (docs/design.md#multi-process): each call takes the lock, reloads the file when
 * another process rewrote it, and a mutating call saves before the lock is released.
 */
export class McpFiles {
  /** The snapshot file. */
  readonly path: string;
  readonly #shared: SharedResource<MemoryFs>;

  private constructor(path: string) {
    this.path = path;
    const dir = dirname(path), name = basename(path);
    this.#shared = new SharedResource<MemoryFs>({
      lockPath: `${path}.lock`,
      open: () => loadFiles(path),
      close: () => Promise.resolve(),
      stamp: () => directoryStamp(dir, (n) => n !== name),
    });
  }

  /** Opens the files at `path` (an empty file system when there is none yet). */
  static async open(path: string): Promise<McpFiles> {
    const files = new McpFiles(path);
    await files.read(() => ""); // a damaged snapshot fails here, not at the first tool call
    return files;
  }

  /** Runs a read-only op on the current files. */
  read(op: (fs: MemoryFs) => string): Promise<string> {
    return this.#shared.run((fs) => Promise.resolve(op(fs)), false);
  }

  /** Runs a mutating op on the current files, then saves them atomically. */
  mutate(op: (fs: MemoryFs) => string): Promise<string> {
    return this.#shared.run(async (fs) => {
      const result = op(fs);
      await writeJsonAtomic(this.path, fs.snapshot());
      return result;
    }, true);
  }
}

async function loadFiles(path: string): Promise<MemoryFs> {
  const text = await readTextIfExists(path);
  if (text === undefined) return new MemoryFs({});
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AutomemError("corrupt_state", `${path}: not JSON (${(e as Error).message})`, {
      cause: e,
    });
  }
  const parsed = SnapshotSchema.safeParse(value);
  if (!parsed.success) {
    throw new AutomemError(
      "corrupt_state",
      `${path}: not a file-memory snapshot (an object of file name to text)`,
    );
  }
  return new MemoryFs(parsed.data as FsSnapshot);
}

/** The saved shape: file name → content. */
const SnapshotSchema = z.record(z.string(), z.string());

/** One file tool: like a memory tool, but over {@linkcode McpFiles} and answering plain text. */
export interface FileTool<S extends z.ZodRawShape = z.ZodRawShape> {
  /** The tool's MCP name (`memory_file_*`). */
  name: string;
  /** A short human title. */
  title: string;
  /** What the tool does, for the model choosing it. */
  description: string;
  /** Read-only / destructive hints for the client. */
  annotations: ToolHints;
  /** The zod shape of the arguments object. */
  input: S;
  /** Runs the tool on parsed arguments; the answer is plain text. */
  run(files: McpFiles, args: z.infer<z.ZodObject<S>>): string | Promise<string>;
}

function tool<S extends z.ZodRawShape>(t: FileTool<S>): FileTool {
  return t as unknown as FileTool;
}

const file = z.string().min(1).superRefine((name, ctx) => {
  try {
    safeName(name);
  } catch (error) {
    if (!(error instanceof FileNameError)) throw error;
    ctx.addIssue({ code: "custom", message: error.message, params: { code: error.code } });
  }
}).describe(
  "file name; `notes/a.md` and `docs/a.md` are two files (no absolute paths, `..` or empty segments)",
);
const keyword = z.string().min(1).describe("case-insensitive substring");
const text = z.string();

/** The file-memory tools: the memory file system's operations. */
export const FILE_TOOLS: readonly FileTool[] = [
  tool({
    name: "files_index",
    annotations: READS,
    title: "List memory files",
    description: "Every memory file with its line count.",
    input: {},
    run: (f) => f.read((fs) => fs.index() || "[NO FILES]"),
  }),
  tool({
    name: "files_read",
    annotations: READS,
    title: "Read a memory file",
    description: "The whole content of a memory file.",
    input: { file },
    run: (f, a) => f.read((fs) => fs.read(a.file)),
  }),
  tool({
    name: "files_search",
    annotations: READS,
    title: "Search a memory file",
    description: "Lines of a memory file containing a keyword (the last ones when many).",
    input: { file, keyword },
    run: (f, a) => f.read((fs) => fs.search(a.file, a.keyword)),
  }),
  tool({
    name: "files_tail",
    annotations: READS,
    title: "Tail a memory file",
    description: "The last n lines of a memory file.",
    input: { file, n: z.number().int().min(0).max(1000).default(10) },
    run: (f, a) => f.read((fs) => fs.tail(a.file, a.n)),
  }),
  tool({
    name: "files_count",
    annotations: READS,
    title: "Count matching lines",
    description: "How many lines of a memory file contain a keyword.",
    input: { file, keyword },
    run: (f, a) => f.read((fs) => fs.count(a.file, a.keyword)),
  }),
  tool({
    name: "files_create",
    annotations: ADDS,
    title: "Create a memory file",
    description: "Creates an empty memory file; an existing one is left alone.",
    input: { file },
    run: (f, a) => f.mutate((fs) => fs.create(a.file)),
  }),
  tool({
    name: "files_write",
    annotations: DESTROYS,
    title: "Write a memory file",
    description: "Replaces a memory file's content.",
    input: { file, text },
    run: (f, a) => f.mutate((fs) => fs.write(a.file, a.text)),
  }),
  tool({
    name: "files_append",
    annotations: ADDS,
    title: "Append to a memory file",
    description: "Appends text as line(s), creating the file when missing.",
    input: { file, text },
    run: (f, a) => f.mutate((fs) => fs.append(a.file, a.text)),
  }),
  tool({
    name: "files_upsert",
    annotations: DESTROYS,
    title: "Upsert a keyed line",
    description:
      "Replaces the line starting with 'key:' by 'key: text' at the end (one line per key, in recency order).",
    input: { file, key: z.string().min(1).regex(/^[^:\n]+$/, "no ':' or newline"), text },
    run: (f, a) => f.mutate((fs) => fs.upsert(a.file, a.key, a.text)),
  }),
];
