import assert from "node:assert/strict";
import {
  answerDrafts,
  factDrafts,
  isSalient,
  lastQuestion,
  TURN_WINDOW,
  windowDrafts,
} from "./offline_conversation.ts";
import { conversation } from "./fixtures_test.ts";
import { createEncoder } from "./create_encoder.ts";
import { logicalClock } from "../../core/clock.ts";
import { shownText } from "../runtime/unit_format.ts";

const turns = conversation().trajectory.steps;

Deno.test("one fact per salient turn, citing only that turn, with the question it answers", () => {
  const facts = factDrafts(turns);
  assert.deepEqual(facts.map((f) => f.source_refs), [["D1:2"], ["D1:3"], ["D1:5"]]);
  assert.deepEqual(facts[1].content, {
    category: "fact",
    principle: "Ann: I adopted a rescue dog named Pixel from the shelter.",
    speaker: "Ann",
    date: "1:00 pm on 8 May, 2023",
    context: "What did you do with your long weekend trip?",
  });
  assert.equal(isSalient(turns[0]), false);
  assert.equal(isSalient(turns[4]), true);
});

Deno.test("a window cites only its longest turn, the one an agent is shown in full", () => {
  const [w] = windowDrafts(turns);
  assert.deepEqual(w.source_refs, ["D1:3"]);
  assert.equal(w.content.critical_observation, `Ann: ${turns[2].text}`);
  assert.equal((w.content.steps as unknown[]).length, 5);
  assert.match(String(w.content.key_decision), /^Ann and Bo talked about /);
  const many = Array.from({ length: TURN_WINDOW + 1 }, (_, i) => ({ ...turns[2], ref: `D1:${i}` }));
  assert.deepEqual(windowDrafts(many).map((d) => (d.content.steps as unknown[]).length), [
    TURN_WINDOW,
    1,
  ]);
});

Deno.test("a question answered by the other speaker becomes a shortcut to the answer", () => {
  const [s, ...rest] = answerDrafts(turns);
  assert.equal(rest.length, 0);
  assert.deepEqual(s.source_refs, ["D1:2", "D1:3"]);
  assert.equal(
    s.content.verified_answer,
    "Ann: I adopted a rescue dog named Pixel from the shelter.",
  );
  assert.equal(s.content.name, "long_weekend_trip");
  assert.equal(lastQuestion("Nice. Was it fun? Tell me."), "Was it fun?");
});

Deno.test("every conversation unit shows the agent each turn it cites, in full", async () => {
  const input = conversation();
  let n = 0;
  const out = await createEncoder()(input, { clock: logicalClock(), newId: () => `u${n++}` });
  assert.deepEqual(out.failures, []);
  assert.deepEqual([...new Set(out.units.map((u) => u.type))].sort(), [
    "shortcut",
    "tip",
    "trajectory",
  ]);
  const text = new Map(input.trajectory.steps.map((t) => [t.ref, `${t.speaker}: ${t.text}`]));
  for (const u of out.units) {
    for (const ref of u.source_refs) {
      assert.ok(shownText(u).includes(text.get(ref)!), `${u.type} cites ${ref} but hides it`);
    }
  }
});
