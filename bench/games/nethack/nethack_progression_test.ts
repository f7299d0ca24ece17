import assert from "node:assert/strict";
import { isAutomemError } from "../../../core/automem_error.ts";
import { sharedDataUrl } from "../../../memory/trajectory_io/shared_data.ts";
import {
  BALROG_TABLE,
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

Deno.test("nethack progression: BALROG's table is bundled; a missing table file is an error, not a fallback", async () => {
  const t = await loadProgressionTable();
  assert.equal(t, BALROG_TABLE);
  assert.equal(t.source, "balrog");
  assert.equal(t.value("Dlvl:1"), 0);
  assert.equal(t.value("Xp:1"), 0);
  assert.equal(t.value("Dlvl:2"), 0.015392269075361172);
  assert.equal(t.value("Dlvl:0"), undefined);
  await assert.rejects(
    () => loadProgressionTable(new URL("file:///nonexistent/achievements.json")),
    (e) =>
      isAutomemError(e, "game_data") &&
      /nonexistent\/achievements\.json cannot be read/.test(e.message),
  );
});

Deno.test("nethack progression: a bad table names the file and the field", () => {
  assert.throws(
    () => parseAchievements('{"Dlvl:2": "high"}', "a.json"),
    (e) => isAutomemError(e, "game_data") && /a\.json: field 'Dlvl:2'/.test(e.message),
  );
  assert.throws(() => parseAchievements("{", "b.json"), /b\.json: not JSON/);
});

const SHARED = sharedDataUrl("balrog/achievements.json");
let hasShared = true;
try {
  Deno.statSync(SHARED);
} catch {
  hasShared = false;
}

Deno.test({
  name: `nethack progression: the bundled table is byte for byte BALROG's${
    hasShared ? "" : " (skipped: ../shared/data/balrog/achievements.json is absent)"
  }`,
  ignore: !hasShared,
  async fn() {
    const bundled = await Deno.readFile(new URL("./balrog_achievements.json", import.meta.url));
    assert.deepEqual(bundled, await Deno.readFile(SHARED));
  },
});
