import assert from "node:assert/strict";
import { join } from "node:path";
import { createApp } from "./app.ts";
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
