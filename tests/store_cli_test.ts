import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "../core/zod.ts";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { GraphStore } from "../stores/graph_store.ts";
import { RecordLog } from "../stores/record_log.ts";
import { fixtureUnits, TEST_DIM } from "../stores/store_conformance.ts";

const Rec = z.object({ id: z.string(), value: z.number() });

Deno.test("automem store check exits 1 on a damaged store and repair makes it pass", async () => {
  const dir = await Deno.makeTempDir({ prefix: "store_cli_" });
  const { log } = await RecordLog.open({ dir, name: "items", dim: 3, schema: Rec });
  await log.checkpoint([{ record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) }]);
  await Deno.remove(join(dir, "items-1.f32"));
  const check = captureIo();
  assert.equal(await runCli(["store", "check", dir], check, COMMANDS), 1);
  assert.match(check.out.join(""), /items-1\.f32/);
  assert.equal(await runCli(["store", "repair", dir], captureIo(), COMMANDS), 0);
  assert.equal(await runCli(["store", "check", dir], captureIo(), COMMANDS), 0);
});

/** True when this machine lets an unprivileged namespace make a read-only bind mount. */
async function canMountReadOnly(): Promise<boolean> {
  const dir = await Deno.makeTempDir();
  const probe = await new Deno.Command("unshare", {
    args: ["-rm", "sh", "-c", 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1"', "sh", dir],
    stdout: "null",
    stderr: "null",
  }).output().catch(() => null);
  return probe?.success ?? false;
}

const READ_ONLY_MOUNTS = await canMountReadOnly();

Deno.test({
  name:
    "store check on a healthy graph store behind a read-only bind mount says read-only, not damaged (skipped where unshare cannot mount)",
  ignore: !READ_ONLY_MOUNTS,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "store_ro_" });
    const store = await GraphStore.open(
      { dir, embedding_dim: TEST_DIM, cold_start_threshold: 30 },
      {
        embedder: new HashEmbedder(TEST_DIM),
        clock: logicalClock(),
      },
    );
    await store.add(fixtureUnits(3));
    await store.close();
    const mnt = await Deno.makeTempDir({ prefix: "store_ro_mnt_" });
    const main = new URL("../main.ts", import.meta.url).pathname;
    const script = 'mount --bind "$1" "$2" && mount -o remount,bind,ro "$2" && ' +
      'exec "$3" run -A --quiet "$4" store check "$2"';
    const child = await new Deno.Command("unshare", {
      args: ["-rm", "sh", "-c", script, "sh", dir, mnt, Deno.execPath(), main],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(child.stdout) + new TextDecoder().decode(child.stderr);
    assert.equal(child.code, 0, out);
    assert.match(out, /graph: ok/);
    assert.match(out, /read-only: .* is mounted read-only/);
    assert.doesNotMatch(out, /damaged/);
  },
});
