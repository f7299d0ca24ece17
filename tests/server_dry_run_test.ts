import assert from "node:assert/strict";
import { join } from "node:path";
import { RunEventSchema } from "../search/events.ts";
import {
  CandidateDetailSchema,
  LedgerViewSchema,
  ParetoViewSchema,
  RoundDetailSchema,
  RoundListSchema,
  RunDetailSchema,
  RunListSchema,
  UsageViewSchema,
} from "../server/api_schemas.ts";
import { createApp } from "../server/app.ts";
import { runDrySearch } from "../server/testing/dry_run.ts";

Deno.test("every route serves a real world dry-run search, consistent with its summary", async () => {
  const root = await Deno.makeTempDir({ prefix: "automem_dry_" });
  const runs = join(root, "runs");
  const { summary } = await runDrySearch(runs, "world_dry");
  const ctl = new AbortController();
  const app = createApp({ runsDir: runs, signal: ctl.signal, pollMs: 20 });
  const get = async (path: string) => {
    const res = await app.request(path);
    assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
    return await res.json();
  };
  try {
    const [item] = RunListSchema.parse(await get("/api/runs")).runs;
    assert.equal(item.id, "world_dry");
    assert.equal(item.status, "finished");
    assert.equal(item.rounds_done, summary.rounds);
    assert.equal(item.tokens, summary.usage.tokens);
    const detail = RunDetailSchema.parse(await get("/api/runs/world_dry"));
    assert.deepEqual(detail.warnings, []);
    assert.equal(detail.progress.evaluations, summary.evaluations);
    assert.equal(detail.summary?.winner.fingerprint, summary.winner.fingerprint);
    assert.ok(detail.split && detail.split.search > 0);
    const rounds = RoundListSchema.parse(await get("/api/runs/world_dry/rounds")).rounds;
    assert.equal(rounds.length, summary.rounds);
    assert.ok(rounds.every((r) => r.status === "done"));
    for (const r of rounds) {
      RoundDetailSchema.parse(await get(`/api/runs/world_dry/rounds/${r.round}`));
      for (const c of r.candidates) {
        const cand = CandidateDetailSchema.parse(
          await get(`/api/runs/world_dry/candidates/${r.round}/${c.candidate}`),
        );
        assert.equal(cand.tasks.length, r.n_tasks);
        assert.equal(cand.metrics?.score, c.metrics?.score);
      }
    }
    const pareto = ParetoViewSchema.parse(await get("/api/runs/world_dry/pareto"));
    assert.ok(pareto.front.length >= 1);
    LedgerViewSchema.parse(await get("/api/runs/world_dry/ledger"));
    const usage = UsageViewSchema.parse(await get("/api/runs/world_dry/usage"));
    assert.equal(usage.total_tokens, summary.usage.tokens);
    const res = await app.request("/api/runs/world_dry/events", {
      headers: { "Last-Event-ID": "0" },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes('"type":"run_finished"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    await reader.cancel();
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((m) =>
      RunEventSchema.parse(JSON.parse(m[1]))
    );
    assert.equal(events[0].seq, 1);
    assert.equal(events.at(-1)?.type, "run_finished");
  } finally {
    ctl.abort();
    await Deno.remove(root, { recursive: true });
  }
});
