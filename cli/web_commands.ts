/**
 * Commands for the research agent's web tools: `fixture-web` serves the offline fixture site
 * (and its SearXNG-compatible search API) until interrupted, and `web-tool` calls one tool once
 * with JSON arguments, so a user can check a search key, a page read or an attachment before a
 * benchmark run.
 *
 * @module
 */
import { loadConfig } from "../core/config.ts";
import { systemClock } from "../core/clock.ts";
import type { CommandDef } from "./command.ts";
import { EXIT, UsageError } from "./io.ts";
import { buildModels } from "./model_deps.ts";

/** `automem fixture-web`. */
export const fixtureWebCommand: CommandDef = {
  name: "fixture-web",
  usage: "automem fixture-web [--port 0]",
  summary:
    "Serve the offline fixture web (an invented archipelago: 36 pages, a table, two PDFs) on 127.0.0.1 with a SearXNG-compatible search API at /search, until Ctrl-C.",
  flags: [{ name: "port", type: "number", default: 0, description: "port (0 picks a free one)" }],
  positionals: { min: 0, max: 0 },
  async run({ flags, io }) {
    const { startFixtureWeb } = await import("../bench/web/fixture_web.ts");
    const web = await startFixtureWeb({ port: Number(flags.port) });
    io.stdout(`${web.url}\n`);
    io.stderr(
      `automem fixture-web: ${web.pages.size} pages at ${web.url}; search with SEARXNG_URL=${web.searchUrl} ` +
        `(tools need --allow_private for 127.0.0.1). Ctrl-C stops.\n`,
    );
    await new Promise<void>((resolve) => {
      if (io.signal.aborted) resolve();
      io.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    await web.close();
    return EXIT.ok;
  },
};

/** `automem web-tool`. */
export const webToolCommand: CommandDef = {
  name: "web-tool",
  usage:
    "automem web-tool NAME [--args JSON] [--fixture] [--allow_private] [--attachments_dir DIR]",
  summary:
    "Call one research-agent tool (web_search, crawl_page, read_attachment, run_javascript) with JSON arguments and print what the agent would see. --fixture starts the offline fixture web and searches it. Exit 1 when the tool reports a failure.",
  flags: [
    { name: "args", type: "string", meta: "JSON", default: "{}", description: "tool arguments" },
    {
      name: "fixture",
      type: "boolean",
      description: "search the offline fixture web (implies --allow_private)",
    },
    {
      name: "allow_private",
      type: "boolean",
      description: "let the fetch tools reach loopback and private addresses",
    },
    {
      name: "attachments_dir",
      type: "string",
      meta: "DIR",
      description: "folder read_attachment may open files from",
    },
  ],
  positionals: { min: 1, max: 1 },
  async run({ flags, positionals, io }) {
    let args: unknown;
    try {
      args = JSON.parse(String(flags.args));
    } catch {
      throw new UsageError("--args must be a JSON object");
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      throw new UsageError("--args must be a JSON object");
    }
    const config = loadConfig({ env: io.env, cwd: io.cwd });
    const { buildToolSet, withLocalSearch, WEB_TOOL_NAMES } = await import(
      "../bench/web/tool_set.ts"
    );
    const name = positionals[0];
    if (!(WEB_TOOL_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`unknown tool '${name}' (tools: ${WEB_TOOL_NAMES.join(", ")})`);
    }
    const fixture = flags.fixture
      ? await (await import("../bench/web/fixture_web.ts")).startFixtureWeb()
      : undefined;
    try {
      const web = fixture ? withLocalSearch(config.web, fixture.searchUrl) : config.web;
      const [tool] = buildToolSet({
        web,
        cacheDir: config.cache.dir,
        include: [name as typeof WEB_TOOL_NAMES[number]],
      });
      const result = await tool.call(args as Record<string, unknown>, {
        fetch,
        model: buildModels(config).task,
        clock: systemClock,
        signal: io.signal,
        attachmentsDir: flags.attachments_dir as string | undefined,
        allowPrivateAddresses: Boolean(flags.allow_private || fixture),
      });
      io.stdout(`${result.content}\n`);
      return result.ok ? EXIT.ok : EXIT.failure;
    } finally {
      await fixture?.close();
    }
  },
};
