import assert from "node:assert/strict";
import { UsageError } from "./io.ts";
import {
  denoAndEntry,
  formatStartup,
  measureStartup,
  runsFlag,
  type StartupCase,
  startupCases,
} from "./startup_bench.ts";

Deno.test("startup cases: bare deno eval first, then automem --help and space of the entry", () => {
  const cases = startupCases("/bin/deno", "file:///x/main.ts");
  assert.deepEqual(cases.map((c) => [c.name, c.cmd, c.args.join(" ")]), [
    ["deno eval", "/bin/deno", "eval 0"],
    ["automem --help", "/bin/deno", "run -A file:///x/main.ts --help"],
    ["automem space", "/bin/deno", "run -A file:///x/main.ts space"],
  ]);
});

Deno.test("rounds interleave the cases; rows carry medians and ratios to the first case", async () => {
  const cases: StartupCase[] = ["base", "a", "b"].map((name) => ({ name, cmd: "x", args: [] }));
  const times: Record<string, number[]> = { base: [100, 80, 120], a: [150, 130, 900], b: [300] };
  const order: string[] = [];
  const rows = await measureStartup(cases, 3, (c) => {
    order.push(c.name);
    const list = times[c.name];
    return Promise.resolve(list.length > 1 ? list.shift()! : list[0]);
  });
  assert.deepEqual(order, ["base", "a", "b", "base", "a", "b", "base", "a", "b"]);
  assert.deepEqual(rows, [
    { case: "base", runs: 3, median_ms: 100, ratio: 1 },
    { case: "a", runs: 3, median_ms: 150, ratio: 1.5 },
    { case: "b", runs: 3, median_ms: 300, ratio: 3 },
  ]);
  const table = formatStartup(rows);
  assert.match(table, /median wall time of 3 starts each/);
  assert.match(table, /^b\s+300 ms {2}3\.00x$/m);
});

Deno.test("an aborted benchmark stops between rounds", async () => {
  const stop = new AbortController();
  let started = 0;
  const cases: StartupCase[] = [{ name: "only", cmd: "x", args: [] }];
  const rows = await measureStartup(cases, 5, () => {
    if (++started === 2) stop.abort();
    return Promise.resolve(10);
  }, stop.signal);
  assert.equal(rows[0].runs, 2);
});

Deno.test("--runs must be a positive integer; a compiled binary is told to use a checkout", () => {
  assert.equal(runsFlag(3), 3);
  for (const bad of [0, -1, 1.5, "x"]) assert.throws(() => runsFlag(bad), UsageError);
  assert.throws(() => denoAndEntry("/usr/local/bin/automem", "file:///m.ts"), /checkout/);
  assert.deepEqual(denoAndEntry("/opt/deno", "file:///m.ts"), {
    deno: "/opt/deno",
    entry: "file:///m.ts",
  });
});

Deno.test("automem bench startup --json starts the real processes and reports three rows", async () => {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main, "bench", "startup", "--runs", "1", "--json"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const rows = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((r) => r.case), ["deno eval", "automem --help", "automem space"]);
  assert.equal(rows[0].ratio, 1);
  for (const r of rows) assert.ok(r.runs === 1 && r.median_ms > 0, JSON.stringify(r));
});
