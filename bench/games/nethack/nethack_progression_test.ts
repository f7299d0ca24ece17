import assert from "node:assert/strict";
import { isAutomemError } from "../../../core/automem_error.ts";
import {
  DEFAULT_ACHIEVEMENTS_URL,
  FALLBACK_TABLE,
  loadProgressionTable,
  NethackProgress,
  parseAchievements,
} from "./nethack_progression.ts";

const TABLE = JSON.stringify({
  "Dlvl:1": 0,
  "Dlvl:2": 0.02,
  "Dlvl:3": 0.03,
  "Xp:1": 0,
  "Xp:2": 0.025,
});

Deno.test("nethack progression: the episode keeps the best Dlvl or Xp achievement, as BALROG does", () => {
  const p = new NethackProgress(parseAchievements(TABLE, "t.json"));
  p.update(1, 1);
  assert.equal(p.progression, 0);
  p.update(2, 1);
  assert.equal(p.progression, 0.02);
  p.update(2, 2);
  assert.equal(p.progression, 0.025);
  assert.equal(p.highest, "Xp:2");
  p.update(1, 2); // going back up never lowers it
  assert.equal(p.progression, 0.025);
  p.update(3, 2);
  assert.equal(p.progression, 0.03);
  assert.deepEqual(p.maxima, { depth: 3, xl: 2 });
});

Deno.test("nethack progression: a missing table falls back to the documented linear one", async () => {
  const t = await loadProgressionTable(new URL("file:///nonexistent/achievements.json"));
  assert.equal(t.source, "fallback");
  assert.equal(FALLBACK_TABLE.value("Dlvl:1"), 0);
  assert.equal(FALLBACK_TABLE.value("Dlvl:11"), 0.2);
  assert.equal(FALLBACK_TABLE.value("Xp:31"), 1);
  assert.equal(FALLBACK_TABLE.value("Home 1"), undefined);
});

Deno.test("nethack progression: a bad table names the file and the field", () => {
  assert.throws(
    () => parseAchievements('{"Dlvl:2": "high"}', "a.json"),
    (e) => isAutomemError(e, "game_data") && /a\.json: field 'Dlvl:2'/.test(e.message),
  );
  assert.throws(() => parseAchievements("{", "b.json"), /b\.json: not JSON/);
});

let hasTable = true;
try {
  Deno.statSync(DEFAULT_ACHIEVEMENTS_URL);
} catch {
  hasTable = false;
}

Deno.test({
  name: `nethack progression: BALROG's achievements.json loads with Dlvl:1 and Xp:1 at 0${
    hasTable ? "" : " (skipped: ../shared/data/balrog/achievements.json is absent)"
  }`,
  ignore: !hasTable,
  async fn() {
    const t = await loadProgressionTable();
    assert.equal(t.source, "balrog");
    assert.equal(t.value("Dlvl:1"), 0);
    assert.equal(t.value("Xp:1"), 0);
    assert.ok((t.value("Dlvl:2") ?? 0) > 0);
  },
});
