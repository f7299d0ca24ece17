/**
 * The dashboard in a real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * a finished run and a running one whose events are appended while the page listens. Every
 * number checked on the page is compared with what the API returns. Skipped, with the reason in
 * the test name, when /usr/bin/chromium is not installed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { chromium } from "npm:playwright-core@1.64.1";
import type { Page } from "npm:playwright-core@1.64.1";
import {
  LedgerViewSchema,
  ParetoViewSchema,
  RoundListSchema,
  RunDetailSchema,
  UsageViewSchema,
} from "../server/api_schemas.ts";
import { serve } from "../server/serve.ts";
import { runDrySearch } from "../server/testing/dry_run.ts";
import { buildFixtureRun } from "../server/testing/fixture_run.ts";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOT = new URL("../docs/screenshots/dashboard.png", import.meta.url);

function hasChromium(): boolean {
  try {
    return Deno.statSync(CHROMIUM).isFile;
  } catch {
    return false;
  }
}

const available = hasChromium();
const name = "dashboard renders finished and live runs in headless Chromium, matching the API" +
  (available ? "" : ` (skipped: ${CHROMIUM} is not installed; apt-get install -y chromium)`);

async function api<T>(
  base: string,
  path: string,
  schema: { parse(v: unknown): T },
  token?: string,
) {
  const res = await fetch(new URL(path, base), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  assert.equal(res.status, 200, path);
  return schema.parse(await res.json());
}

type PageGlobals = { document: { body: { dataset: Record<string, string | undefined> } } };

/** Waits until `document.body.dataset[key]` reaches `seq` (the page sets it as it renders). */
async function waitForSeq(page: Page, key: "loadedSeq" | "lastSeq", seq: number): Promise<void> {
  // A function, not a string: the page's CSP forbids evaluating strings.
  await page.waitForFunction(([k, s]) => {
    const data = (globalThis as unknown as PageGlobals).document.body.dataset;
    return Number(data[k as string] ?? -1) >= (s as number);
  }, [key, seq] as const);
}

const attr = (page: Page, testid: string, key = "data-value") =>
  page.locator(`[data-testid="${testid}"]`).first().getAttribute(key);

async function checkAgainstApi(page: Page, base: string, id: string, token?: string) {
  const d = await api(base, `api/runs/${id}`, RunDetailSchema, token);
  const rounds = await api(base, `api/runs/${id}/rounds`, RoundListSchema, token);
  const pareto = await api(base, `api/runs/${id}/pareto`, ParetoViewSchema, token);
  const usage = await api(base, `api/runs/${id}/usage`, UsageViewSchema, token);
  const ledger = await api(base, `api/runs/${id}/ledger`, LedgerViewSchema, token);
  await waitForSeq(page, "loadedSeq", d.progress.last_event?.seq ?? 0);
  assert.equal(await page.locator('[data-testid="run-title"]').textContent(), id);
  assert.equal(await attr(page, "run-status"), d.run.status);
  assert.equal(Number(await attr(page, "stat-best-score")), d.run.best_score);
  assert.equal(
    await page.locator('[data-testid="stat-best-score"]').textContent(),
    d.run.best_score!.toFixed(3),
  );
  assert.equal(Number(await attr(page, "stat-tokens")), d.run.tokens);
  assert.equal(
    await page.locator('[data-testid="stat-tokens"]').textContent(),
    Math.round(d.run.tokens).toLocaleString("en-US"),
  );
  assert.equal(Number(await attr(page, "stat-cost")), d.run.cost_usd);
  assert.equal(
    await page.locator('[data-testid="progress-phase"]').textContent(),
    d.progress.phase,
  );
  assert.equal(Number(await attr(page, "progress-tasks")), d.progress.tasks_done);
  assert.equal(Number(await attr(page, "progress-candidates")), d.progress.candidates_done);
  const nCandidates = rounds.rounds.reduce((s, r) => s + r.candidates.length, 0);
  assert.equal(await page.locator('[data-testid="candidate-row"]').count(), nCandidates);
  const firstOk = rounds.rounds[0].candidates[0];
  const row = page.locator(`[data-testid="candidate-row"][data-config-id="${firstOk.config_id}"]`);
  assert.equal(
    await row.locator('[data-testid="candidate-score"]').textContent(),
    firstOk.metrics!.score.toFixed(3),
  );
  assert.equal(await page.locator('[data-testid="round-point"]').count(), d.progress.rounds.length);
  for (const r of d.progress.rounds) {
    const g = page.locator(`[data-testid="round-point"][data-round="${r.round}"]`);
    assert.equal(Number(await g.getAttribute("data-best")), r.best_score);
    assert.equal(Number(await g.getAttribute("data-mean")), r.mean_score);
  }
  assert.equal(await page.locator('[data-testid="pareto-point"]').count(), pareto.points.length);
  const champ = page.locator('[data-testid="pareto-point"][data-champion="true"]');
  assert.equal(await champ.count(), 1);
  assert.equal(await champ.getAttribute("data-fingerprint"), pareto.champion);
  assert.equal(
    await page.locator('[data-testid="usage-row"]').count(),
    Object.keys(usage.roles).length,
  );
  assert.equal(
    Number(await page.locator('[data-testid="usage-total"] td').nth(2).getAttribute("data-value")),
    usage.total_tokens,
  );
  assert.equal(
    await page.locator('[data-testid="champion-config"]').textContent(),
    d.champion?.config_id,
  );
  const w = d.summary?.winner.architecture;
  if (w) {
    const label = `${w.encode.join("+")}/${w.store}/${w.retrieve}/${w.manage}`;
    assert.equal(await page.locator('[data-testid="champion-winner"]').textContent(), label);
  }
  const active = ledger.principles.filter((p) => p.status === "active").length;
  const open = ledger.open_questions.filter((q) => q.status === "untested").length;
  // An empty section shows one "none" item.
  assert.equal(
    await page.locator('[data-testid="ledger-principles"] li').count(),
    Math.max(1, active),
  );
  assert.equal(
    await page.locator('[data-testid="ledger-questions"] li').count(),
    Math.max(1, open),
  );
  return d;
}

Deno.test({
  name,
  ignore: !available,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const root = await Deno.makeTempDir({ prefix: "automem_browser_" });
    const runs = join(root, "runs");
    // The finished run is a real dry-run search; the live one a fixture whose lock this process holds.
    await runDrySearch(runs, "world_dry_run");
    const live = await buildFixtureRun(runs, { id: "world_live", kind: "running", rounds: 2 });
    const ctl = new AbortController();
    const token = "browser-test-token";
    const server = await serve({ runsDir: runs, port: 0, signal: ctl.signal, pollMs: 50 });
    const secured = await serve({ runsDir: runs, port: 0, signal: ctl.signal, token, pollMs: 50 });
    const profile = await Deno.makeTempDir({ prefix: "automem_chromium_" });
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1400, height: 1000 },
    });
    const foreign: string[] = [];
    const errors: string[] = [];
    context.on("request", (req) => {
      const url = req.url();
      if (!url.startsWith(server.url) && !url.startsWith(secured.url) && !url.startsWith("data:")) {
        foreign.push(url);
      }
    });
    try {
      const page = await context.newPage();
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${server.url}#run=world_dry_run`);
      await page.waitForSelector('[data-testid="candidate-row"]');
      await page.waitForSelector('[data-testid="connection"][data-state="live"]');
      const finished = await checkAgainstApi(page, server.url, "world_dry_run");
      assert.equal(finished.run.status, "finished");
      assert.equal(await page.locator('[data-testid="run-row"]').count(), 2);
      await waitForSeq(page, "lastSeq", finished.progress.last_event!.seq);
      await Deno.mkdir(new URL(".", SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT.pathname, fullPage: true });

      // A running run: events appended while the page listens move its numbers.
      const livePage = await context.newPage();
      livePage.on("pageerror", (e) => errors.push(e.message));
      await livePage.goto(`${server.url}#run=world_live`);
      await livePage.waitForSelector('[data-testid="connection"][data-state="live"]');
      const before = await checkAgainstApi(livePage, server.url, "world_live");
      assert.equal(before.run.status, "running");
      for (let i = 4; i <= 6; i++) {
        await live.log.emit({
          type: "task_finished",
          stage: "round",
          round: 3,
          candidate: 1,
          config_id: "r3_c1",
          task_id: `task_0_0${i - 1}`,
          index: i,
          n_tasks: 6,
          score: 1,
          success: true,
          tokens: 2000,
        });
      }
      const last = live.log.lastSeq;
      await waitForSeq(livePage, "lastSeq", last);
      assert.equal(
        await livePage.locator(`[data-testid="event-item"][data-seq="${last}"]`).getAttribute(
          "data-type",
        ),
        "task_finished",
      );
      const after = await checkAgainstApi(livePage, server.url, "world_live");
      assert.equal(after.progress.tasks_done, before.progress.tasks_done + 3);
      assert.equal(after.run.tokens, before.run.tokens + 6000);

      // With a token the page sends it on every request and streams with fetch.
      const tokenPage = await context.newPage();
      tokenPage.on("pageerror", (e) => errors.push(e.message));
      await tokenPage.goto(`${secured.url}#token=${token}&run=world_dry_run`);
      await tokenPage.waitForSelector('[data-testid="connection"][data-state="live"]');
      await checkAgainstApi(tokenPage, secured.url, "world_dry_run", token);
      const hash = await tokenPage.evaluate(() =>
        (globalThis as unknown as { location: { hash: string } }).location.hash
      );
      assert.ok(!hash.includes(token), "the token is removed from the URL");

      assert.deepEqual(foreign, [], "the page requests nothing outside this server");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      ctl.abort();
      await server.finished;
      await secured.finished;
      await Deno.remove(profile, { recursive: true }).catch(() => {});
      await Deno.remove(root, { recursive: true });
    }
  },
});
