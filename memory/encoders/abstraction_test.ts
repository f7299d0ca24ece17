import assert from "node:assert/strict";
import type { TrajectoryStep } from "../../core/trajectory.ts";
import { capitalisedNames, createAbstractor } from "./abstraction.ts";

const act = (ref: string, tool: string, query: string, observation = ""): TrajectoryStep => ({
  ref,
  kind: "action",
  tool,
  args: { query },
  observation,
});

Deno.test("task names become numbered target placeholders, whole and word by word", () => {
  const a = createAbstractor("Which of Jonny Craig and Pete Doherty has been in more bands?", [
    act("step:0", "Search", "Jonny Craig"),
    act("step:1", "Search", "Pete Doherty"),
  ]);
  assert.equal(
    a.signature,
    "Which of <TARGET_ENTITY_1> and <TARGET_ENTITY_2> has been in more bands?",
  );
  assert.equal(a.abstract("Search[Jonny Craig]"), "Search[<TARGET_ENTITY_1>]");
  assert.equal(
    a.abstract("So Craig wins over jonny craig."),
    "So <TARGET_ENTITY_1> wins over <TARGET_ENTITY_1>.",
  );
  assert.deepEqual(a.placeholders.map((p) => [p.name, p.value, p.origin]), [
    ["TARGET_ENTITY_1", "Jonny Craig", "task"],
    ["TARGET_ENTITY_2", "Pete Doherty", "task"],
  ]);
});

Deno.test("quoted task strings and hyphenated names are literals too", () => {
  const a = createAbstractor(
    'Who covered "If You Ever Get Lonely" at Washington-Grizzly Stadium?',
    [],
  );
  assert.equal(a.signature, 'Who covered "<TARGET_ENTITY_1>" at <TARGET_ENTITY_2>?');
});

Deno.test("bridge entities in tool arguments become related placeholders", () => {
  const a = createAbstractor("Jaclyn Stapp is married to the frontman of which band?", [
    act("step:0", "Search", "Jaclyn Stapp", "She is married to Scott Stapp of Creed."),
    act("step:1", "Search", "Creed (band)"),
  ]);
  assert.equal(a.abstract("Search[Creed (band)]"), "Search[<RELATED_ENTITY_1> (band)]");
  assert.equal(a.placeholders[1].origin, "trajectory");
});

Deno.test("enumerated task objects absorb their instance number; other instances keep the noun", () => {
  const steps: TrajectoryStep[] = [
    {
      ref: "step:0",
      kind: "action",
      tool: "take",
      args: { object: "spraybottle 2", receptacle: "cabinet 2" },
    },
    {
      ref: "step:1",
      kind: "action",
      tool: "put",
      args: { object: "spraybottle 2", receptacle: "toilet 1" },
    },
  ];
  const a = createAbstractor("put some spraybottle on toilet.", steps);
  assert.equal(a.signature, "put some <TARGET_ENTITY_1> on <TARGET_ENTITY_2>.");
  assert.equal(
    a.abstract("take[spraybottle 2, cabinet 2]"),
    "take[<TARGET_ENTITY_1>, cabinet <N>]",
  );
  assert.equal(a.abstract("put"), "put");
});

Deno.test("dates, remaining names and numbers become typed placeholders", () => {
  const a = createAbstractor("", []);
  assert.equal(
    a.abstract("Born July 29, 1980 in Tallahassee with 25,000 people in 1999, in room 12."),
    "Born <DATE> in <ENTITY> with <VALUE> people in <DATE>, in room <N>.",
  );
  assert.equal(a.abstract("Answer is INCORRECT"), "Answer is INCORRECT");
});

Deno.test("existing placeholders are never rewritten", () => {
  const a = createAbstractor("What does Target Entity mean?", []);
  assert.equal(
    a.abstract("<TARGET_ENTITY_1> and Target Entity"),
    "<TARGET_ENTITY_1> and <TARGET_ENTITY_1>",
  );
});

Deno.test("capitalisedNames drops question words and keeps connectors inside names", () => {
  assert.deepEqual(capitalisedNames("What is the Bank of England and Lloyds?"), [
    "Bank of England",
    "Lloyds",
  ]);
});
