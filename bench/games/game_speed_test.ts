import assert from "node:assert/strict";
import { gameUnavailableReason } from "./env_registry.ts";
import { runGameSpeed } from "./game_speed.ts";

const reason = gameUnavailableReason("nethack");

Deno.test({
  name: `game speed: rows for the echo baseline and the game, ratios against the baseline${
    reason ? ` (skipped: ${reason})` : ""
  }`,
  ignore: reason !== undefined,
  async fn() {
    const rows = await runGameSpeed(["nethack"], 5);
    assert.deepEqual(rows.map((r) => r.name), ["echo", "nethack"]);
    assert.equal(rows[0].ratio_to_echo, 1);
    for (const r of rows) {
      assert.equal(r.steps, 5);
      assert.ok(r.seconds > 0 && r.steps_per_second > 0);
      assert.ok(Math.abs(r.steps_per_second * r.seconds - 5) < 1e-9);
    }
  },
});
