import assert from "node:assert/strict";
import { join } from "node:path";
import { RunListSchema } from "../server/api_schemas.ts";
import { createApp } from "../server/app.ts";
import { serve } from "../server/serve.ts";
import { buildFixtureRun } from "../server/testing/fixture_run.ts";

async function nextEvents(
  reader: ReadableStreamDefaultReader<string>,
  state: { buf: string },
  count: number,
): Promise<{ seq: number; type: string }[]> {
  const out: { seq: number; type: string }[] = [];
  while (out.length < count) {
    let cut;
    while (out.length < count && (cut = state.buf.indexOf("\n\n")) >= 0) {
      const block = state.buf.slice(0, cut);
      state.buf = state.buf.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) out.push(JSON.parse(data));
    }
    if (out.length >= count) break;
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended early");
    state.buf += value;
  }
  return out;
}

Deno.test("the real server on 127.0.0.1 follows a run in progress over server-sent events", async () => {
  const root = await Deno.makeTempDir({ prefix: "automem_live_" });
  const runs = join(root, "runs");
  const run = await buildFixtureRun(runs, { id: "world_live", kind: "running", rounds: 1 });
  const ctl = new AbortController();
  const server = await serve({
    runsDir: runs,
    host: "127.0.0.1",
    port: 0,
    signal: ctl.signal,
    pollMs: 20,
  });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const list = RunListSchema.parse(await (await fetch(new URL("api/runs", server.url))).json());
    assert.equal(list.runs[0].status, "running");

    const res = await fetch(new URL("api/runs/world_live/events", server.url), {
      headers: { "Last-Event-ID": String(run.log.lastSeq - 1) },
    });
    assert.equal(res.status, 200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const state = { buf: "" };
    const replay = await nextEvents(reader, state, 1);
    assert.equal(replay[0].seq, run.log.lastSeq);

    for (let i = 4; i <= 6; i++) {
      await run.log.emit({
        type: "task_finished",
        stage: "round",
        round: 2,
        candidate: 1,
        config_id: "r2_c1",
        task_id: `task_1_0${i - 1}`,
        index: i,
        n_tasks: 6,
        score: 1,
        success: true,
        tokens: 2000,
      });
    }
    const live = await nextEvents(reader, state, 3);
    assert.deepEqual(live.map((e) => e.seq), [
      replay[0].seq + 1,
      replay[0].seq + 2,
      replay[0].seq + 3,
    ]);
    assert.ok(live.every((e) => e.type === "task_finished"));
    await reader.cancel();

    const detail = await (await fetch(new URL("api/runs/world_live", server.url))).json();
    assert.equal(detail.progress.candidates[1].tasks_done, 6);
  } finally {
    ctl.abort();
    await server.finished;
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a client that disconnects ends its event stream (shutdown does not wait for it)", async () => {
  const root = await Deno.makeTempDir({ prefix: "automem_live_" });
  await buildFixtureRun(root, { id: "r", kind: "running", rounds: 0 });
  // No abort signal: only the client's disconnect can end the stream.
  const app = createApp({ runsDir: root, pollMs: 20 });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  try {
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/api/runs/r/events`);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      server.shutdown().then(() => "closed"),
      new Promise<string>((r) => timer = setTimeout(() => r("still streaming"), 3000)),
    ]);
    clearTimeout(timer);
    assert.equal(outcome, "closed");
  } finally {
    await server.shutdown().catch(() => {});
    await Deno.remove(root, { recursive: true });
  }
});
