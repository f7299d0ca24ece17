import assert from "node:assert/strict";
import {
  crawlMorePage,
  crawlObservation,
  crawlPlace,
  newMessages,
  panelColumn,
  parseCrawlPanel,
} from "./crawl_screen.ts";

const PANEL = [
  "agent the Chopper",
  "Minotaur of Trog *.....",
  "Health: 15/19     ========================",
  "Magic:  0/0",
  "AC:  2            Str: 21",
  "EV: 12            Int: 4",
  "SH:  0            Dex: 9",
  "XL:  2 Next: 16%  Place: Dungeon:3",
  "Noise: ---------  Time: 90.1 (1.0)",
];

function screen(messages: string[]): string[] {
  const lines = Array.from({ length: 24 }, (_, y) => {
    const map = y === 8 ? "    ...@.>" : y < 17 ? "    ....." : "";
    return y < PANEL.length ? map.padEnd(37) + PANEL[y] : map;
  });
  messages.forEach((m, i) => lines[17 + i] = m);
  return lines;
}

Deno.test("crawl screen: the side panel parses into hp, xl, depth and turn", () => {
  const s = parseCrawlPanel(PANEL);
  assert.equal(s.hp, 15);
  assert.equal(s.max_hp, 19);
  assert.equal(s.xl, 2);
  assert.equal(s.next_pct, 16);
  assert.equal(s.depth, 3);
  assert.equal(s.turn, 90);
  assert.equal(crawlPlace(PANEL), "Dungeon:3");
  assert.equal(parseCrawlPanel(["XL:  1 Next:  0%  Place: Lair:2"]).depth, undefined);
  assert.equal(crawlPlace(["XL:  1 Next:  0%  Place: Lair:2"]), "Lair:2");
});

Deno.test("crawl screen: only message rows not shown before count as new", () => {
  assert.deepEqual(newMessages([], ["a", "b"]), ["a", "b"]);
  assert.deepEqual(newMessages(["a", "b"], ["a", "b"]), []);
  assert.deepEqual(newMessages(["a", "b", "c"], ["b", "c", "d"]), ["d"]);
  assert.deepEqual(newMessages(["a", "b"], ["x", "y"]), ["x", "y"]);
});

Deno.test("crawl screen: the observation splits map and panel and finds @", () => {
  const lines = screen([" You hit it.", "_Old news."]);
  assert.equal(panelColumn(lines), 37);
  const obs = crawlObservation(lines, { x: 0, y: 0 }, ["A page."], ["Old news."]);
  assert.deepEqual(obs.position, { x: 7, y: 8 });
  assert.equal(obs.map[8], "    ...@.>");
  assert.equal(obs.status[7], "XL:  2 Next: 16%  Place: Dungeon:3");
  assert.equal(obs.message, "A page. You hit it. Old news.");
  assert.match(obs.text, /^message:\n.*\n\nscreen:\n/);
});

Deno.test("crawl screen: a --more-- prompt yields its message text", () => {
  assert.equal(crawlMorePage(screen([" You die...", " --more--"])), "You die...");
  assert.equal(crawlMorePage(screen([" Hello."])), undefined);
});
