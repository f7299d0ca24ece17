import assert from "node:assert/strict";
import { TinyGame } from "./tiny_game.ts";

Deno.test("the tiny game is seeded: same seed same screens, other seed other screens", async () => {
  const a = new TinyGame(), b = new TinyGame();
  const sa = [(await a.reset(42)).text], sb = [(await b.reset(42)).text];
  for (const act of ["east", "south", "west", "north", "search"]) {
    sa.push((await a.step(act)).observation.text);
    sb.push((await b.step(act)).observation.text);
  }
  assert.deepEqual(sa, sb);
  assert.notEqual((await a.reset(43)).text, sa[0]);
});

Deno.test("the tiny game shows only a 5x5 window, and a wall bump leaves the screen identical", async () => {
  const g = new TinyGame();
  const obs = await g.reset(42);
  const seen = obs.map.join("").replace(/ /g, "").length;
  assert.ok(seen <= 25 && seen > 1);
  assert.equal(obs.map[obs.position!.y][obs.position!.x], "@");
  let last = obs;
  for (let i = 0; i < 20; i++) {
    const s = await g.step("north");
    if (s.observation.text === last.text) return; // bumped: nothing changed at all
    last = s.observation;
  }
  assert.fail("walking north never hit a wall");
});

Deno.test("invalid actions run the default with BALROG's feedback line; down off-stairs says so", async () => {
  const g = new TinyGame({ maxSteps: 2 });
  await g.reset(1);
  const s = await g.step("fly");
  assert.equal(s.valid, false);
  assert.equal(s.executed, "search");
  assert.match(s.observation.message, /Defaulted to action: search/);
  const d = await g.step("down");
  assert.match(d.observation.message, /can't go down here/);
  assert.equal(d.truncated, true);
  assert.equal(g.progression(), 0);
  assert.equal(g.stats().invalid_actions, 1);
});
