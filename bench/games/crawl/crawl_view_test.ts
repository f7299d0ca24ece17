import assert from "node:assert/strict";
import { VIEW_BASE, viewShift, ViewTracker } from "./crawl_view.ts";

const LEVEL = [
  "##########....####",
  "#........#....#..#",
  "#..>.....+....+..#",
  "#........#....#..#",
  "##########....####",
];

/** The 9x3 view of LEVEL whose top-left is (x, y), with the player drawn at its centre. */
function view(x: number, y: number): string[] {
  return LEVEL.slice(y, y + 3).map((r, i) => {
    const row = r.slice(x, x + 9);
    return i === 1 ? row.slice(0, 4) + "@" + row.slice(5) : row;
  });
}

Deno.test("the view's move between two centred Crawl screens is found by matching the map", () => {
  assert.deepEqual(viewShift(view(1, 1), view(2, 1)), [1, 0]);
  assert.deepEqual(viewShift(view(2, 1), view(1, 2)), [-1, 1]);
  assert.deepEqual(viewShift(view(3, 1), view(3, 1)), [0, 0]);
});

Deno.test("the view origin adds up over steps and restarts on a new level", () => {
  const t = new ViewTracker();
  const at = (x: number, y: number) => ({ x: VIEW_BASE + x, y: VIEW_BASE + y });
  assert.deepEqual(t.update(view(1, 1), "D:1"), at(0, 0));
  assert.deepEqual(t.update(view(2, 1), "D:1"), at(1, 0));
  assert.deepEqual(t.update(view(3, 2), "D:1"), at(2, 1));
  assert.deepEqual(t.update(view(3, 2), "D:2"), at(0, 0));
});
