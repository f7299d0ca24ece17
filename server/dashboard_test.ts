import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { DASHBOARD_CSP, DASHBOARD_HTML } from "./dashboard.ts";

function inlineHash(tag: string): string {
  const body = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(DASHBOARD_HTML)![1];
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

Deno.test("the page inlines its script and style, pinned by hash in the CSP", () => {
  assert.ok(!DASHBOARD_HTML.includes("__DASHBOARD_"), "every slot is filled");
  assert.ok(DASHBOARD_CSP.includes(`script-src ${inlineHash("script")}`));
  assert.ok(DASHBOARD_CSP.includes(`style-src ${inlineHash("style")}`));
  assert.match(DASHBOARD_CSP, /default-src 'none'/);
});

Deno.test("the page makes no request outside its own server", () => {
  const urls = DASHBOARD_HTML.match(/https?:\/\/[^\s"'`)]+/g) ?? [];
  assert.deepEqual(urls.filter((u) => u !== "http://www.w3.org/2000/svg"), []);
  assert.ok(!/<(script|link|img)[^>]+(src|href)="(?!data:)/.test(DASHBOARD_HTML));
});

Deno.test("the elements the browser test reads carry stable test ids", () => {
  for (
    const id of [
      "run-list",
      "run-view",
      "run-status",
      "progress-phase",
      "progress-round",
      "progress-candidates",
      "progress-tasks",
      "stat-best-score",
      "stat-tokens",
      "stat-cost",
      "round-chart",
      "pareto-chart",
      "candidate-table",
      "champion-body",
      "budget-table",
      "ledger-body",
      "usage-table",
      "event-feed",
      "connection",
      "token-form",
    ]
  ) assert.ok(DASHBOARD_HTML.includes(`data-testid="${id}"`), id);
});
