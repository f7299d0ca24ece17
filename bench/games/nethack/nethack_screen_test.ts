import assert from "node:assert/strict";
import {
  heroPosition,
  morePage,
  nethackObservation,
  parseNethackStatus,
} from "./nethack_screen.ts";

const STATUS1 = "Agent the Stripling            St:18/02 Dx:14 Co:15 In:7 Wi:12 Ch:7 Neutral";
const STATUS2 = "Dlvl:3 $:12 HP:9(16) Pw:2(2) AC:6 Xp:2/27 T:305 Hungry";

function screen(message: string, mapRows: Record<number, string>): string[] {
  const lines = Array.from({ length: 24 }, () => "");
  lines[0] = message;
  for (const [y, row] of Object.entries(mapRows)) lines[Number(y)] = row;
  lines[22] = STATUS1;
  lines[23] = STATUS2;
  return lines;
}

Deno.test("nethack screen: status lines parse into depth, gold, hp, xl, exp and turn", () => {
  const s = parseNethackStatus(STATUS1, STATUS2);
  assert.equal(s.depth, 3);
  assert.equal(s.gold, 12);
  assert.equal(s.hp, 9);
  assert.equal(s.max_hp, 16);
  assert.equal(s.xl, 2);
  assert.equal(s.exp, 27);
  assert.equal(s.turn, 305);
  assert.equal(s.str, 18);
  assert.equal(s.ac, 6);
});

Deno.test("nethack screen: the hero is the @ under the cursor, else the first @ on the map", () => {
  const lines = screen("", { 5: "  @...@" });
  assert.deepEqual(heroPosition(lines, { x: 6, y: 5 }), { x: 6, y: 4 });
  assert.deepEqual(heroPosition(lines, { x: 0, y: 0 }), { x: 2, y: 4 });
  assert.equal(heroPosition(screen("", {}), { x: 0, y: 0 }), undefined);
});

Deno.test("nethack screen: --More-- pages are found on the message line and in text windows", () => {
  assert.equal(morePage(screen("You hear a door open.--More--", {})), "You hear a door open.");
  const window = screen("", {
    1: "                    Things that are here:",
    2: "                    a dagger",
    3: "                    --More--",
  });
  assert.equal(morePage(window), "Things that are here: a dagger");
  assert.equal(morePage(screen("Hello.", {})), undefined);
});

Deno.test("nethack screen: the observation joins dismissed pages before the message line", () => {
  const obs = nethackObservation(screen("The door opens.", { 3: "|..@.|" }), { x: 3, y: 3 }, [
    "You see here a key.",
  ]);
  assert.equal(obs.message, "You see here a key. The door opens.");
  assert.equal(obs.map.length, 21);
  assert.deepEqual(obs.status, [STATUS1, STATUS2]);
  assert.deepEqual(obs.position, { x: 3, y: 2 });
  assert.match(
    obs.text,
    /^message:\nYou see here a key\. The door opens\.\n\ncursor:\n\(x=3, y=3\)\n\nmap:\n/,
  );
  assert.ok(obs.text.includes(STATUS2));
});
