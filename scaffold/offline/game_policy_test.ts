import assert from "node:assert/strict";
import { createRng } from "../../core/rng.ts";
import { gameReply } from "./game_policy.ts";

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
