import assert from "node:assert/strict";
import { createRng } from "../../core/rng.ts";
import { CRAWL_ACTION_NAMES } from "../../bench/games/crawl/crawl_actions.ts";
import { NETHACK_ACTION_NAMES } from "../../bench/games/nethack/nethack_actions.ts";
import { gameReply, idleAction } from "./game_policy.ts";

const prompt = (screen: string, analysis: string) =>
  `You are an agent playing x.\n=== CURRENT OBSERVATION ===\n${screen}\n=== MAP ANALYSIS ===\n${analysis}\n` +
  `=== MEMORY FILES (read-only in this phase) ===\n  - dungeon_map.txt (3 lines)\n` +
  `Commit exactly one action with <|ACTION|>action<|END|>. Valid actions: north, south, east, west, esc, down\n`;

const ANALYSIS = [
  "position: (5,5) level: 1",
  "north: (5,4) '.' floor passable",
  "south: (5,6) '.' floor passable",
  "east: (6,5) '.' floor passable",
  "west: (4,5) '.' floor passable",
].join("\n");

Deno.test("the scripted player reads memory first, then walks to stairs it only remembers", () => {
  const first = prompt("Dlvl:1", ANALYSIS);
  const reads = gameReply([{ role: "user", content: first }], createRng(1));
  assert.match(reads, /<\|SEARCH\|>dungeon_map\.txt\|d1\(<\|END\|>/);
  const withMemory = gameReply([
    { role: "user", content: first },
    { role: "assistant", content: reads },
    { role: "user", content: "── SEARCH dungeon_map.txt for 'd1(' ──\nd1(9,5): stairs down" },
  ], createRng(1));
  assert.equal(withMemory, "<|ACTION|>east<|END|>");
});

Deno.test("a question on screen is closed with esc before anything else", () => {
  const reply = gameReply(
    [{ role: "user", content: prompt("Really attack? [ynq]", ANALYSIS) }],
    createRng(1),
  );
  assert.equal(reply, "<|ACTION|>esc<|END|>");
});

const VALID = ["north", "south", "east", "west", "esc", "down", "open", "kick"];
const DOOR_EAST = [
  "position: (5,5) level: 1",
  "north: (5,4) '-' wall blocked",
  "east: (6,5) '+' door passable",
  "west: (4,5) '.' floor passable",
].join("\n");

Deno.test("a closed NetHack door is opened and the direction prompt answered with the door's side", () => {
  const screen = "This door is closed.\n - - - -\n |..@+\nDlvl:1 $:0 HP:12(12)";
  const open = gameReply([{ role: "user", content: fullPrompt(screen, DOOR_EAST) }], createRng(1));
  assert.equal(open, "<|ACTION|>open<|END|>");
  const dir = gameReply(
    [{ role: "user", content: fullPrompt("In what direction?\n |..@+", DOOR_EAST) }],
    createRng(1),
  );
  assert.equal(dir, "<|ACTION|>east<|END|>");
});

Deno.test("a locked NetHack door is kicked", () => {
  const reply = gameReply(
    [{ role: "user", content: fullPrompt("This door is locked.\n |..@+", DOOR_EAST) }],
    createRng(1),
  );
  assert.equal(reply, "<|ACTION|>kick<|END|>");
});

Deno.test("the pet next to the player does not block the only way on, and an open door is a way", () => {
  const analysis = [
    "position: (5,5) level: 1",
    "north: (5,4) '|' wall blocked",
    "south: (5,6) '-' wall blocked",
    "east: (6,5) 'd' monster blocked",
    "west: (4,5) '|' wall blocked",
  ].join("\n");
  const turns = (a: string) => [
    { role: "user" as const, content: fullPrompt("Dlvl:1", a) },
    { role: "assistant" as const, content: "Consulting memory." },
    { role: "user" as const, content: "(no results)" },
  ];
  assert.equal(gameReply(turns(analysis), createRng(1)), "<|ACTION|>north<|END|>");
  const petOnly = analysis.replace("north: (5,4) '|' wall", "north: (5,4) '-' wall");
  assert.equal(gameReply(turns(petOnly), createRng(1)), "<|ACTION|>east<|END|>");
});

function fullPrompt(screen: string, analysis: string): string {
  return `You are an agent playing NetHack.\n=== CURRENT OBSERVATION ===\n${screen}\n=== MAP ANALYSIS ===\n${analysis}\n` +
    `Commit exactly one action with <|ACTION|>action<|END|>. Valid actions: ${VALID.join(", ")}\n`;
}

Deno.test("with nowhere to walk each game's player uses its own idle action: NetHack search, Crawl explore", () => {
  const boxed = [
    "position: (5,5) level: 1",
    "north: (5,4) '#' wall blocked",
    "south: (5,6) '#' wall blocked",
    "east: (6,5) '#' wall blocked",
    "west: (4,5) '#' wall blocked",
  ].join("\n");
  const ask = (valid: readonly string[]) => {
    const list = valid.join(", ");
    const p = prompt("Dlvl:1", boxed).replace(/Valid actions: .*$/m, `Valid actions: ${list}`);
    const reads = gameReply([{ role: "user", content: p }], createRng(1));
    return gameReply([
      { role: "user", content: p },
      { role: "assistant", content: reads },
      { role: "user", content: "── SEARCH dungeon_map.txt for 'd1(' ──\n[No lines matching]" },
    ], createRng(1));
  };
  assert.equal(ask(NETHACK_ACTION_NAMES), "<|ACTION|>search<|END|>");
  assert.equal(ask(CRAWL_ACTION_NAMES), "<|ACTION|>explore<|END|>");
  assert.equal(idleAction(CRAWL_ACTION_NAMES), "explore");
  assert.ok(!CRAWL_ACTION_NAMES.includes("search"));
});
