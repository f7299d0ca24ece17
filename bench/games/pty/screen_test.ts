import assert from "node:assert/strict";
import { markerSequence, Screen } from "./screen.ts";

Deno.test("screen: written bytes become rows once flushed, and a marker fires after them", async () => {
  const s = new Screen(20, 4);
  const seen = s.waitMarker("m1");
  s.write(new TextEncoder().encode(`hi\r\n\x1b[2;5Hthere${markerSequence("m1")}`));
  await seen;
  assert.deepEqual(s.lines(), ["hi", "    there", "", ""]);
  assert.deepEqual(s.cursor(), { x: 9, y: 1 });
  s.dispose();
});
