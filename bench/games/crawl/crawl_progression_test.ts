import assert from "node:assert/strict";
import { CrawlProgress, runesIn } from "./crawl_progression.ts";

Deno.test("crawl progression: a fresh character scores 0 and the best of depth and XL counts", () => {
  const p = new CrawlProgress();
  p.update(1, 1, "Dungeon:1", "");
  assert.equal(p.progression, 0);
  p.update(8, 1, "Dungeon:8", "");
  assert.equal(p.progression, 0.25);
  p.update(1, 14, "Dungeon:1", ""); // going back up keeps the depth reached
  assert.equal(p.progression, 0.25);
  p.update(undefined, 27, "Lair:1", "");
  assert.equal(p.progression, 0.5);
  assert.deepEqual(p.maxima, { depth: 8, xl: 27, runes: 0, places: 3 });
});

Deno.test("crawl progression: runes add on top, three make the rune half full", () => {
  assert.equal(runesIn("You pick up the decaying rune of Zot. You feel great."), 1);
  assert.equal(runesIn("You see here a rune of Zot."), 0);
  const p = new CrawlProgress();
  p.update(15, 1, "Dungeon:15", "You pick up the silver rune of Zot.");
  assert.equal(p.progression, 0.5 + 0.5 / 3);
  p.update(15, 1, "", "You pick up the slimy rune of Zot. You pick up the golden rune of Zot.");
  assert.equal(p.progression, 1);
});
