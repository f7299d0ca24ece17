import assert from "node:assert/strict";
import { join } from "node:path";
import { createApp } from "./app.ts";
import { MAX_EVENT_BYTES_PER_READ } from "./event_file.ts";
import { RunReader } from "./run_reader.ts";
import { buildFixtureRun } from "./testing/fixture_run.ts";

/** Rejects instead of hanging when the server blocks on a special file. */
function bounded<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} blocked`)), 20_000);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

Deno.test("the run list marks runs whose events.jsonl is a symlink out, a folder or a FIFO as unreadable and never blocks", async () => {
  const runs = await Deno.makeTempDir({ prefix: "listing_" });
  await buildFixtureRun(runs, { id: "good", kind: "finished" });
  const outside = join(await Deno.makeTempDir(), "events.jsonl");
  await Deno.writeTextFile(outside, "{}\n");
  await Deno.mkdir(join(runs, "link"));
  await Deno.symlink(outside, join(runs, "link", "events.jsonl"));
  await Deno.mkdir(join(runs, "folder", "events.jsonl"), { recursive: true });
  await Deno.mkdir(join(runs, "fifo"));
  const fifo = await new Deno.Command("mkfifo", { args: [join(runs, "fifo", "events.jsonl")] })
    .output().catch(() => null);
  const app = createApp({ runsDir: runs });
  const res = await bounded(Promise.resolve(app.request("/api/runs")), "GET /api/runs");
  assert.equal(res.status, 200);
  const { runs: list } = await res.json();
  const byId = new Map(list.map((r: { id: string }) => [r.id, r]));
  assert.equal((byId.get("good") as { unreadable?: string }).unreadable, undefined);
  const bad = fifo?.success ? ["link", "folder", "fifo"] : ["link", "folder"];
  for (const id of bad) {
    const row = byId.get(id) as { status: string; unreadable?: string } | undefined;
    assert.ok(row, `${id} is listed`);
    assert.equal(row.status, "failed");
    assert.ok(row.unreadable, `${id} carries a reason`);
  }
  if (fifo?.success) {
    const one = await bounded(Promise.resolve(app.request("/api/runs/fifo")), "GET /api/runs/fifo");
    assert.equal(one.status, 409);
    await one.body?.cancel();
  }
});

Deno.test("listing a run whose events.jsonl is a 4 GiB sparse file reads at most 64 MiB per request and never the same bytes twice", async () => {
  const runs = await Deno.makeTempDir({ prefix: "sparse_" });
  await buildFixtureRun(runs, { id: "huge", kind: "finished" });
  const events = join(runs, "huge", "events.jsonl");
  const before = (await Deno.stat(events)).size;
  await Deno.truncate(events, before + 4 * 2 ** 30);
  let read = 0;
  const reader = new RunReader(runs, { events: { onRead: (n) => read += n } });
  const first = await reader.listRuns();
  assert.equal(first[0].status, "finished");
  assert.ok(first[0].benchmark, "the events before the hole were folded");
  assert.ok(read <= MAX_EVENT_BYTES_PER_READ, `first request read ${read} bytes`);
  const firstRead = read;
  read = 0;
  await reader.listRuns();
  assert.ok(read <= MAX_EVENT_BYTES_PER_READ, `second request read ${read} bytes`);
  assert.ok(firstRead + read <= before + 4 * 2 ** 30, "no byte was read twice");
  // The HTTP app uses the same bounded reader.
  const res = await createApp({ runsDir: runs }).request("/api/runs");
  assert.equal(res.status, 200);
  assert.equal((await res.json()).runs[0].id, "huge");
});
