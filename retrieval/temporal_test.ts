import assert from "node:assert/strict";
import { asksWhen, mentionsRelativeTime, mentionsTime } from "./temporal.ts";
import { makeUnit } from "./testing/fixtures.ts";

Deno.test("asksWhen: when / how long / which year questions ask for time; others do not", () => {
  for (
    const q of [
      "When did Maria get Coco?",
      "How long ago was the trip?",
      "In what year did Jon start dancing?",
      "Which month did they move?",
      "How many weeks did the course take?",
    ]
  ) assert.equal(asksWhen(q), true, q);
  for (
    const q of [
      "What did Maria name her puppy?",
      "Where did Jon travel to?",
      "Fix the failing test when the build breaks", // "when" mid-sentence is a condition
    ]
  ) assert.equal(asksWhen(q), false, q);
});

Deno.test("mentionsRelativeTime: relative expressions count, absolute dates and plain words do not", () => {
  for (
    const t of [
      "I got a puppy two weeks ago!",
      "Yesterday was crazy",
      "We went camping last weekend.",
      "my game there next month",
      "see you this Friday",
    ]
  ) assert.equal(mentionsRelativeTime(t), true, t);
  for (
    const t of [
      "1:56 pm on 8 May, 2023",
      "Stated on 8 May, 2023; may have changed since.",
      "The weekly report is done",
      "I love the time we spend together",
    ]
  ) assert.equal(mentionsRelativeTime(t), false, t);
});

Deno.test("mentionsTime: reads the unit's content, not its session date", () => {
  const dated = (principle: string) =>
    makeUnit("u", { content: { principle, date: "7:49 pm on 20 May, 2022", category: "fact" } });
  assert.equal(mentionsTime(dated("Nate: I just got Max last week")), true);
  assert.equal(mentionsTime(dated("Nate: this is Max, my new dog")), false);
});
