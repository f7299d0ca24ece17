/**
 * The status server's HTTP app (Hono comes through `hono.ts`): JSON routes over the run
 * reader, the live event stream as server-sent events, and the dashboard page. Every route only
 * reads; errors are `{error: {code, message}}` with the status of their code.
 *
 * @module
 */
import { redactUrlsIn } from "../core/redact_url.ts";
import { addScaffoldRoutes } from "./scaffold_runs.ts";
import { type Context, Hono, streamSSE } from "./hono.ts";
import { isoUtc, systemClock } from "../core/clock.ts";
import type { Clock } from "../core/ports.ts";
import type { ErrorBody, Health } from "./api_schemas.ts";
import { authorized } from "./auth.ts";
import { DASHBOARD_CSP, DASHBOARD_HTML } from "./dashboard.ts";
import { EventFileCursor } from "./event_file.ts";
import { RunReadError } from "./errors.ts";
import { RunReader } from "./run_reader.ts";
import { parseIndex } from "./safe_paths.ts";

/** Options of {@linkcode createApp}. */
export interface AppOptions {
  /** The folder whose sub-folders are run directories. */
  runsDir: string;
  /** When set, every API request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Time source (health timestamps, wall time of live runs). */
  clock?: Clock;
  /** How often the event stream checks the events file for new lines (ms). */
  pollMs?: number;
  /** Idle time after which the event stream sends a heartbeat comment (ms). */
  heartbeatMs?: number;
  /** Aborting ends every open event stream (server shutdown). */
  signal?: AbortSignal;
}

const JSON_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

function errorBody(code: RunReadError["code"], message: string): ErrorBody {
  return { error: { code, message } };
}

function sendError(c: Context, error: RunReadError): Response {
  return c.json(errorBody(error.code, error.message), error.status, JSON_HEADERS);
}

/** `Last-Event-ID` (header, or `last_event_id` query for clients that cannot set headers). */
function lastEventId(c: Context): number {
  const raw = c.req.header("Last-Event-ID") ?? c.req.query("last_event_id") ?? "0";
  if (!/^\d{1,15}$/.test(raw.trim())) {
    throw new RunReadError("bad_request", "Last-Event-ID must be an event seq (an integer >= 0)");
  }
  return Number(raw.trim());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Builds the read-only status app over `runsDir`. */
export function createApp(opts: AppOptions): Hono {
  const clock = opts.clock ?? systemClock;
  const reader = new RunReader(opts.runsDir, { clock });
  const pollMs = opts.pollMs ?? 250;
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof RunReadError) return sendError(c, error);
    return sendError(c, new RunReadError("internal", "internal error while reading the run"));
  });
  app.notFound((c) => sendError(c, new RunReadError("not_found", "no such route")));

  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return sendError(c, new RunReadError("method_not_allowed", "the status server is read-only"));
    }
    const isApi = c.req.path === "/api" || c.req.path.startsWith("/api/");
    // The page shell holds no run data and a browser cannot attach a header to a navigation;
    // the page sends the token on every API request itself.
    if (
      opts.token !== undefined && isApi && !authorized(c.req.header("Authorization"), opts.token)
    ) {
      c.header("WWW-Authenticate", 'Bearer realm="automem"');
      return sendError(c, new RunReadError("unauthorized", "missing or wrong bearer token"));
    }
    await next();
    // Runs written before redaction existed may still hold secret-bearing URLs: scrub on the way out.
    if (isApi && c.res.headers.get("content-type")?.includes("application/json")) {
      const text = await c.res.text();
      const headers = new Headers(c.res.headers);
      headers.delete("content-length");
      c.res = new Response(redactUrlsIn(text), { status: c.res.status, headers });
    }
    return undefined;
  });

  app.get("/", (c) =>
    c.html(DASHBOARD_HTML, 200, {
      "Content-Security-Policy": DASHBOARD_CSP,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
    }));

  app.get("/api/health", (c) => {
    const body: Health = {
      ok: true,
      service: "automem-status",
      api_version: 1,
      now: isoUtc(clock.now()),
      auth: opts.token !== undefined,
    };
    return c.json(body, 200, JSON_HEADERS);
  });
  addScaffoldRoutes(app, opts.runsDir);
  app.get("/api/runs", async (c) => c.json({ runs: await reader.listRuns() }, 200, JSON_HEADERS));
  app.get(
    "/api/runs/:id",
    async (c) => c.json(await reader.run(c.req.param("id")), 200, JSON_HEADERS),
  );
  app.get(
    "/api/runs/:id/rounds",
    async (c) => c.json({ rounds: await reader.rounds(c.req.param("id")) }, 200, JSON_HEADERS),
  );
  app.get("/api/runs/:id/rounds/:t", async (c) => {
    const t = parseIndex(c.req.param("t"), "round");
    return c.json(await reader.round(c.req.param("id"), t), 200, JSON_HEADERS);
  });
  app.get("/api/runs/:id/candidates/:t/:k", async (c) => {
    const t = parseIndex(c.req.param("t"), "round");
    const k = parseIndex(c.req.param("k"), "candidate");
    return c.json(await reader.candidate(c.req.param("id"), t, k), 200, JSON_HEADERS);
  });
  app.get(
    "/api/runs/:id/pareto",
    async (c) => c.json(await reader.pareto(c.req.param("id")), 200, JSON_HEADERS),
  );
  app.get(
    "/api/runs/:id/ledger",
    async (c) => c.json(await reader.ledger(c.req.param("id")), 200, JSON_HEADERS),
  );
  app.get(
    "/api/runs/:id/usage",
    async (c) => c.json(await reader.usage(c.req.param("id")), 200, JSON_HEADERS),
  );

  app.get("/api/runs/:id/events", async (c) => {
    const path = await reader.eventsPath(c.req.param("id"));
    const after = lastEventId(c);
    const stop = new AbortController();
    const end = () => stop.abort();
    opts.signal?.addEventListener("abort", end, { once: true });
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      stream.onAbort(end);
      const cursor = new EventFileCursor(path, after);
      const beatEvery = Math.max(1, Math.ceil(heartbeatMs / pollMs));
      let idle = 0;
      try {
        await stream.write(": connected\nretry: 2000\n\n");
        while (!stop.signal.aborted && !stream.aborted) {
          const events = await cursor.read();
          for (const e of events) {
            await stream.writeSSE({ id: String(e.seq), data: redactUrlsIn(JSON.stringify(e)) });
          }
          idle = events.length > 0 ? 0 : idle + 1;
          if (idle >= beatEvery) {
            idle = 0;
            await stream.write(": heartbeat\n\n");
          }
          await sleep(pollMs, stop.signal);
        }
      } catch {
        // The file went away or the client vanished mid-write: end this stream only.
      } finally {
        opts.signal?.removeEventListener("abort", end);
      }
    });
  });

  return app;
}
