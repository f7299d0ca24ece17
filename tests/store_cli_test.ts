import assert from "node:assert/strict";
import { join } from "node:path";
import { z } from "zod";
import { COMMANDS } from "../cli/commands.ts";
import { runCli } from "../cli/run_cli.ts";
import { captureIo } from "../cli/testing_io.ts";
import { RecordLog } from "../stores/record_log.ts";

const Rec = z.object({ id: z.string(), value: z.number() });

Deno.test("automem store check exits 1 on a damaged store and repair makes it pass", async () => {
  const dir = await Deno.makeTempDir({ prefix: "store_cli_" });
  const { log } = await RecordLog.open({ dir, name: "units", dim: 3, schema: Rec });
  await log.checkpoint([{ record: { id: "a", value: 1 }, vector: Float32Array.from([1, 0, 0]) }]);
  await Deno.remove(join(dir, "units-1.f32"));
  const check = captureIo();
  assert.equal(await runCli(["store", "check", dir], check, COMMANDS), 1);
  assert.match(check.out.join(""), /units-1\.f32/);
  assert.equal(await runCli(["store", "repair", dir], captureIo(), COMMANDS), 0);
  assert.equal(await runCli(["store", "check", dir], captureIo(), COMMANDS), 0);
});
