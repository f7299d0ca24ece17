import assert from "node:assert/strict";
import { frontier, reach, screenGrid } from "./screen_grid.ts";
import { pingPong, screenMove, searchedCounts, visitedCells } from "./screen_plan.ts";
import { promptFacts } from "./prompt_facts.ts";

const nethackPrompt = (rows: string[], pos: [number, number], extra = "") =>
  `You are an agent playing nethack.\n${extra}=== CURRENT OBSERVATION ===\nmessage:\n\nmap:\n${
    [...rows, ...Array(21 - rows.length).fill("")].join("\n")
  }\n\nDlvl:1 $:0 HP:16(16)\n\n=== MAP ANALYSIS ===\nposition: (${pos[0]},${pos[1]}) level: 1\n`;

const ROOM = [
  "",
  " -----",
  " |.@.|",
  " |...|   ",
  " ---.-",
  "    #",
  "",
];

Deno.test("the screen plan keeps the map's blank rows, so rows are at their map coordinates", () => {
  const g = screenGrid(nethackPrompt(ROOM, [3, 2]))!;
  assert.equal(g.game, "nethack");
  assert.equal(g.rows[2][3], "@");
});

Deno.test("a visible > is walked to, around walls, and taken when memory says the player is on it", () => {
  const rows = ["", " -----   ", " |.@.|   ", " |...|  >", " ---.- ##", "    #### ", ""];
  const p = nethackPrompt(rows, [3, 2]);
  const g = screenGrid(p)!;
  const f = promptFacts(p);
  assert.equal(screenMove(g, f, "", new Set()), "southeast");
  // The doorway at (4,4) is never entered diagonally.
  assert.equal(reach(g, { x: 3, y: 3 }, new Set()).dist.get("4,4"), 2);
  assert.equal(reach(g, { x: 4, y: 3 }, new Set()).dist.get("4,4"), 1);
  assert.equal(screenMove(g, f, "d1(3,2): visited stairs down exits=south", new Set()), "down");
});

Deno.test("without memory of where it stood, walked corridor looks unexplored; with it, only the new end does", () => {
  const rows = ["", " #####@#", ""];
  const g = screenGrid(nethackPrompt(rows, [6, 1]))!;
  const here = new Set(["6,1"]);
  assert.ok(frontier(g, here).has("1,1"));
  const walked = new Set(["6,1", "5,1", "4,1", "3,1", "2,1"]);
  assert.deepEqual([...frontier(g, walked)].sort(), ["1,1", "7,1"]);
  const p = nethackPrompt(rows, [6, 1]);
  const memory = ["d1(2,1): visited", "d1(3,1): visited", "d1(4,1): visited", "d1(5,1): visited"]
    .join("\n");
  assert.equal(screenMove(screenGrid(p)!, promptFacts(p), memory, new Set()), "east");
});

Deno.test("at a dead end with nothing left to see the player searches, and moves on after ten searches", () => {
  const rows = ["", " ----", " |@.|", " ----", ""];
  const p = nethackPrompt(rows, [2, 2]);
  const g = screenGrid(p)!;
  const f = promptFacts(p);
  const visited = "d1(2,2): visited\nd1(3,2): visited";
  assert.equal(screenMove(g, f, visited, new Set()), "search");
  const searched = Array.from({ length: 10 }, () => "d1(2,2): searched").join("\n");
  assert.equal(screenMove(g, f, `${visited}\n${searched}`, new Set()), "east");
  assert.equal(searchedCounts("d1(2,2): searched #3\nd1(2,2): searched #4", 1).get("2,2"), 4);
  assert.deepEqual([...visitedCells("position: d1(2,2) visits: 3\neast: d1(3,2) visits: 0", 1)], [
    "2,2",
  ]);
});

Deno.test("crawl's # is a wall and its map stops at the stats panel", () => {
  const screen = [
    "#####                                agent",
    "#.@.#                                Health: 10/19",
    "#####                                XL: 1",
  ];
  const p = `You are an agent playing crawl.\n=== CURRENT OBSERVATION ===\nmessage:\n\nscreen:\n${
    screen.join("\n")
  }\n\n=== MAP ANALYSIS ===\nposition: (2,1) level: 1\n`;
  const g = screenGrid(p)!;
  assert.equal(g.game, "crawl");
  assert.ok(g.rows.every((r) => !r.includes("agent")));
  const r = reach(g, { x: 2, y: 1 }, new Set());
  assert.deepEqual([...r.dist.keys()].sort(), ["1,1", "2,1", "3,1"]);
});

Deno.test("six logged moves among three cells are going nowhere; a walk is not", () => {
  const log = (cells: string[]) => cells.map((c) => `east -> now at (${c}) d1`).join("\n");
  assert.ok(pingPong(log(["1,1", "2,1", "3,1", "2,1", "1,1", "2,1"])));
  assert.ok(!pingPong(log(["1,1", "2,1", "3,1", "4,1", "5,1", "6,1"])));
  assert.ok(!pingPong(log(["1,1", "2,1", "1,1"])));
});
