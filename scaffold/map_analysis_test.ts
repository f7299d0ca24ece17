import assert from "node:assert/strict";
import type { GameObservation } from "../bench/games/game_port.ts";
import { analyseMap, mapAnalysisText, stepToward } from "./map_analysis.ts";

// A NetHack 3.6 tty screen: row 0 message, rows 1-21 map, rows 22-23 status.
const SCREEN = [
  "Hello agent, welcome to NetHack!  You are a neutral female human Valkyrie.",
  "",
  "                                   -----------",
  "                                   |.........|",
  "                                   |....@d...+",
  "                                   |.........|           >",
  "                                   -------.---",
  "                                          #",
  "                                          ####",
  ...Array(14).fill(""),
  "Agent the Stripling           St:17 Dx:13 Co:18 In:7 Wi:10 Ch:7 Neutral",
  "Dlvl:3 $:0 HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:1",
];

function nethackObs(): GameObservation {
  return {
    text: SCREEN.join("\n"),
    message: SCREEN[0],
    map: SCREEN.slice(1, 22),
    status: SCREEN.slice(22),
    stats: {},
  };
}

Deno.test("map analysis reads a NetHack screen: @ found, neighbours classified, stairs and Dlvl", () => {
  const a = analyseMap(nethackObs());
  assert.deepEqual(a.position, { x: 40, y: 3 });
  assert.equal(a.depth, 3);
  const by = Object.fromEntries(a.neighbours.map((n) => [n.dir, n]));
  assert.equal(by.east.kind, "monster");
  assert.equal(by.east.passable, false);
  assert.equal(by.west.kind, "floor");
  assert.equal(by.north.kind, "floor");
  assert.deepEqual(a.stairsDown, [{ x: 57, y: 4 }]);
  const text = mapAnalysisText(a);
  assert.match(text, /^position: \(40,3\) level: 3$/m);
  assert.match(text, /^stairs down '>' seen at \(57,4\): 1 south, 17 east$/m);
  assert.equal(stepToward(a.position!, a.stairsDown[0]), "southeast");
});

Deno.test("walls, doors, corridors and rock are told apart", () => {
  const obs: GameObservation = {
    text: "",
    message: "There is a staircase down here.",
    map: ["|+-", "#@ ", "..."],
    status: [],
    position: { x: 1, y: 1 },
    stats: { depth: 2 },
  };
  const a = analyseMap(obs);
  const kinds = Object.fromEntries(a.neighbours.map((n) => [n.dir, [n.kind, n.passable]]));
  assert.deepEqual(kinds.northwest, ["wall", false]);
  assert.deepEqual(kinds.north, ["door", true]);
  assert.deepEqual(kinds.west, ["corridor", true]);
  assert.deepEqual(kinds.east, ["rock", false]);
  assert.ok(a.onStairsDown);
  assert.equal(a.depth, 2);
});
