/**
 * The command table of `automem`: each row holds a command's name, its overview line and a
 * loader. A command's module, and with it the SDKs it uses (OpenAI, BullMQ, Hono, the MCP SDK,
 * Orama, the web readers), is imported only when that command runs or prints its own `--help`,
 * so `automem --help` and light commands such as `space` start fast. A test loads every row and
 * checks its name and overview line against the command itself.
 *
 * @module
 */
import type { CommandEntry } from "./command.ts";
import type * as BenchCommand from "./bench_command.ts";
import type * as CoreCommands from "./core_commands.ts";
import type * as CurvesCommand from "./curves_command.ts";
import type * as GameCommand from "./game_command.ts";
import type * as McpCommand from "./mcp_command.ts";
import type * as MemoryCommands from "./memory_commands.ts";
import type * as QueueCommands from "./queue_commands.ts";
import type * as RunDefault from "./run_default.ts";
import type * as ScaffoldCommands from "./scaffold_commands.ts";
import type * as SearchCommands from "./search_commands.ts";
import type * as ServerCommands from "./server_commands.ts";
import type * as StoreCommand from "./store_command.ts";
import type * as WebCommands from "./web_commands.ts";

/**
 * A loader of one command module. The specifier is computed, so Deno's module graph does not
 * follow it before it runs: a literal `import("./x.ts")` would make every start-up resolve and
 * read every command's dependencies (about 900 modules), even for `--help`. The type-only
 * imports above keep the loaders type-checked without loading anything at run time. Deno
 * compile cannot see these modules either: `deno task compile` names each with `--include` (a
 * test keeps that list and this table equal).
 */
function lazy<M>(file: string): () => Promise<M> {
  let loaded: Promise<M> | undefined;
  // Resolved against this module, like a literal specifier.
  return () => loaded ??= import(file);
}

const loadBenchCommand = lazy<typeof BenchCommand>("./bench_command.ts");
const loadCoreCommands = lazy<typeof CoreCommands>("./core_commands.ts");
const loadCurvesCommand = lazy<typeof CurvesCommand>("./curves_command.ts");
const loadGameCommand = lazy<typeof GameCommand>("./game_command.ts");
const loadMcpCommand = lazy<typeof McpCommand>("./mcp_command.ts");
const loadMemoryCommands = lazy<typeof MemoryCommands>("./memory_commands.ts");
const loadQueueCommands = lazy<typeof QueueCommands>("./queue_commands.ts");
const loadRunDefault = lazy<typeof RunDefault>("./run_default.ts");
const loadScaffoldCommands = lazy<typeof ScaffoldCommands>("./scaffold_commands.ts");
const loadSearchCommands = lazy<typeof SearchCommands>("./search_commands.ts");
const loadServerCommands = lazy<typeof ServerCommands>("./server_commands.ts");
const loadStoreCommand = lazy<typeof StoreCommand>("./store_command.ts");
const loadWebCommands = lazy<typeof WebCommands>("./web_commands.ts");

/** Every command, in help order. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "space",
    brief: "Print the architecture space manifest (sorted-key JSON), counted by enumeration",
    load: async () => (await loadCoreCommands()).spaceCommand,
  },
  {
    name: "spec",
    brief: "Validate architecture specs",
    load: async () => (await loadCoreCommands()).specCommand,
  },
  {
    name: "compile",
    brief: "Compile a spec into its frozen, fully resolved plan and print it as JSON",
    load: async () => (await loadCoreCommands()).compileCommand,
  },
  {
    name: "search",
    brief:
      "Search the architecture space: baseline, warm-up, rounds of propose → evaluate → diagnose (FGMD) → select (Pareto, sign test), validation runoff, optional held-out test",
    load: async () => (await loadSearchCommands()).searchCommand,
  },
  {
    name: "run",
    brief:
      "Run a web benchmark with the research agent: per-task result files (atomic, resumable), JSONL output, report.txt, progress on stderr",
    load: async () => (await loadRunDefault()).runCommand,
  },
  {
    name: "sweep",
    brief:
      "Evaluate every valid architecture (or a seeded sample) on the same tasks: landscape.jsonl and sweep_summary.json (best entry, quantiles, per-coordinate marginal effects)",
    load: async () => (await loadSearchCommands()).sweepCommand,
  },
  {
    name: "worker",
    brief:
      "Run queued evaluations (search candidates, baseline tasks, sweep architectures, `run` tasks, scaffold episodes) for coordinators started with --queue",
    load: async () => (await loadQueueCommands()).workerCommand,
  },
  {
    name: "curves",
    brief:
      "Judge search runs against a sweep landscape: best-so-far score after n new architectures, evaluations needed to come within --within of the landscape's best, and medians per proposer",
    load: async () => (await loadCurvesCommand()).curvesCommand,
  },
  {
    name: "smoke",
    brief:
      "Offline end-to-end checks in a temp dir for every store and every compatible retriever (compile, ingest, retrieve, BEGIN/refresh/dedup, composer fallback, management, persistence reopen)",
    load: async () => (await loadMemoryCommands()).smokeCommand,
  },
  {
    name: "locomo",
    brief:
      "Ingest each LoCoMo conversation through an architecture and report evidence recall three ways from one ranking (unit recall@k, recall at 5/10/20 cited turns, recall within the characters of BM25's top-10 turns), MRR@max(k) and per-category values, beside a BM25-over-turns baseline computed in the same run",
    load: async () => (await loadMemoryCommands()).locomoCommand,
  },
  {
    name: "bench",
    brief: "Benchmarks (memory, calls, queue, embedders, startup)",
    load: async () => (await loadBenchCommand()).benchCommand,
  },
  {
    name: "game",
    brief:
      "Real NetHack and Dungeon Crawl under a pty: list availability, play a seeded episode from an action list, or measure steps/s beside a bare pty key-echo loop",
    load: async () => (await loadGameCommand()).gameCommand,
  },
  {
    name: "store",
    brief:
      "Check a memory store directory (snapshot, vector files, log, Kùzu graph) without writing, or repair it: damaged files move to DIR/quarantine-<n>/, the snapshot is rebuilt from what is still readable, and a damaged graph is rebuilt from the units on the next open",
    load: async () => (await loadStoreCommand()).storeCommand,
  },
  {
    name: "serve",
    brief: "Serve the read-only status API and live dashboard over a directory of runs",
    load: async () => (await loadServerCommands()).serveCommand,
  },
  {
    name: "scaffold",
    brief:
      "Memory-as-files scaffolds: validate and fingerprint specs, play episodes, evolve a scaffold from traces, export memory-specialist data, serve a BALROG agent endpoint",
    load: async () => (await loadScaffoldCommands()).scaffoldCommand,
  },
  {
    name: "mcp",
    brief:
      "Serve a memory (a spec, or a search's winner) to MCP clients: tools for guidance, search, lessons, transcripts, outcomes, get, list and delete, and file-memory ops (files_*, kept in DIR.files.json); one resource per unit",
    load: async () => (await loadMcpCommand()).mcpCommand,
  },
  {
    name: "report",
    brief:
      "Write a run report: the winner and why, the Pareto table, per-round tables, cost and tokens per role, the FGMD breakdown, the ledger, and SVG plots beside it",
    load: async () => (await loadServerCommands()).reportCommand,
  },
  {
    name: "fixture-web",
    brief:
      "Serve the offline fixture web (an invented archipelago: 36 pages, a table, two PDFs) on 127.0.0.1 with a SearXNG-compatible search API at /search, until Ctrl-C",
    load: async () => (await loadWebCommands()).fixtureWebCommand,
  },
  {
    name: "web-tool",
    brief:
      "Call one research-agent tool (web_search, crawl_page, read_attachment, run_javascript) with JSON arguments and print what the agent would see",
    load: async () => (await loadWebCommands()).webToolCommand,
  },
  {
    name: "version",
    brief: "Print automem's version",
    load: async () => (await loadCoreCommands()).versionCommand,
  },
];
